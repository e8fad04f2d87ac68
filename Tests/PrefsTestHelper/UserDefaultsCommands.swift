import Foundation
import Prefs

// Commands for the UserDefaults store's tests; each takes a suite name (on Linux, a path) first.
//
//   ud-copy SUITE FILE          copy every key of the suite, read through UserDefaultsPreferenceStore,
//                               into a JSON FilePreferenceStore at FILE (exact, for the parent to compare)
//   ud-plain-set SUITE KEY INT  set one key with plain UserDefaults code and synchronize
//   ud-plain-samples SUITE      write one value of every kind with plain UserDefaults code, synchronize
//   ud-increment SUITE N        update { $0 += 1 } on "counter" N times through Preferences, then flush

func runUserDefaultsCommand(_ arguments: [String]) throws {
    let suite = arguments[2]
    switch arguments[1] {
    case "ud-copy":
        let store = UserDefaultsPreferenceStore(suiteName: suite, pollingInterval: nil)!
        let copy = try FilePreferenceStore(url: URL(fileURLWithPath: arguments[3]), watchesForChanges: false)
        var values: PreferenceStoreWrites = [:]
        for key in try store.keys() { values[key] = try store.value(forKey: key) }
        try copy.write(values)
        say("copied \(values.count)")
    case "ud-plain-set":
        let defaults = UserDefaults(suiteName: suite)!
        defaults.set(Int(arguments[4])!, forKey: arguments[3])
        defaults.synchronize()
        say("done")
    case "ud-plain-samples":
        let defaults = UserDefaults(suiteName: suite)!
        defaults.set(true, forKey: "flag")
        defaults.set(Int.max, forKey: "count")
        defaults.set(Int64.min, forKey: "int64")
        defaults.set(UInt64.max, forKey: "uint64")
        defaults.set(Float(0.1), forKey: "float")
        defaults.set(-2.5, forKey: "double")
        defaults.set("Grüße", forKey: "name")
        defaults.set(Data([0, 1, 255]), forKey: "data")
        defaults.set(Date(timeIntervalSince1970: 1_000_000), forKey: "date")
        defaults.set("dark", forKey: "theme")
        defaults.set([1, 2, 3], forKey: "selections")
        defaults.set(["a": 1.5, "b": -2.0], forKey: "scores")
        defaults.set(["x": 1.0, "y": 2.0, "width": 3.0, "height": 4.0], forKey: "window")
        defaults.set(URL(fileURLWithPath: "/tmp/a b"), forKey: "file_url")
        defaults.synchronize()
        say("done")
    case "ud-increment":
        let prefs = Preferences(store: UserDefaultsPreferenceStore(suiteName: suite, pollingInterval: nil)!)
        for _ in 0..<Int(arguments[3])! { prefs.update(\.[int: "counter"]) { $0 += 1 } }
        try prefs.flush()
        say("done")
    default:
        FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
        exit(2)
    }
}
