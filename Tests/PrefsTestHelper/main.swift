import Foundation
import Prefs

#if canImport(Glibc)
import Glibc
#endif

// A child process for the file store's tests. Every command works on the file given first, and
// prints one line per step it has made durable, flushing stdout so the parent can read along.
//
//   flush-each FILE N          write k0…kN-1 one by one, flush after each, print "flushed i"
//   storm FILE                 write pairs (a, b) = (i, i) in transactions forever, print "i" now and then
//   distinct FILE WRITER N     write WRITER.0…WRITER.N-1 through the subscript, then flush
//   increment FILE N           update { $0 += 1 } on "counter" N times, then flush
//   set FILE KEY INT           set one key and flush
//   set-as-nobody FILE KEY INT drop to uid 65534 first, then `try set`; exit 3 on an error, printing it
//   exit-unflushed FILE KEY INT write through the subscript and exit normally without flushing
//   standard-path IGNORED      print where Preferences.standard keeps its file, then use it
//   read-renamed FILE          read "theme_v2" (formerly "theme_v1") and print it
//   migrate FILE               run the migration steps "one" and "two" (each increments "runs.<step>")
//   date-bits FILE N           print "d<i> <bit pattern of timeIntervalSinceReferenceDate>" for d0…dN-1 (or "nil")
//   ud-…                       the UserDefaults store's commands (UserDefaultsCommands.swift)
//   read-every FILE            read every key of the file in a new container as each storable type, print "read N"
//   copy-values FILE DEST      read every key of FILE in a new container, write each to DEST, flush, print "copied N"
//   lock-probe IGNORED OP      run one operation for the lock-count tests (LockProbe.swift)

extension PreferenceKeys {
    subscript(int name: String) -> Key<Int> { Key(name, default: 0) }
    var renamed: Key<String> { Key("theme_v2", default: "none", formerNames: ["theme_v1"]) }
    subscript(optionalDate name: String) -> Key<Date?> { Key(name) }
}

/// Writes a line to stdout unbuffered, so the parent sees it before a SIGKILL.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: PrefsTestHelper COMMAND FILE …\n".utf8))
    exit(2)
}
let url = URL(fileURLWithPath: arguments[2])

switch arguments[1] {
case "standard-path":
    say(FilePreferenceStore.standardURL().path)
    Preferences.standard[\.[int: "used"]] = 1
case let command where command.hasPrefix("ud-"):
    try runUserDefaultsCommand(arguments)
case "read-every", "copy-values":
    try runReadingCommand(arguments)
case "lock-probe":
    runLockProbe(arguments[3])
case "set-as-nobody":
    guard setgid(65534) == 0, setuid(65534) == 0 else {
        say("could not drop privileges")
        exit(4)
    }
    let prefs = Preferences(store: try FilePreferenceStore(url: url, watchesForChanges: false))
    do {
        try prefs.set(\.[int: arguments[3]], Int(arguments[4])!)
        say("written")
    } catch {
        say("error: \(error)")
        exit(3)
    }
default:
    let prefs = Preferences(store: try FilePreferenceStore(url: url))
    switch arguments[1] {
    case "flush-each":
        for index in 0..<Int(arguments[3])! {
            prefs[\.[int: "k\(index)"]] = index
            try prefs.flush()
            say("flushed \(index)")
        }
    case "storm":
        var index = 0
        while true {
            index += 1
            try prefs.transaction { tx in
                tx[\.[int: "a"]] = index
                tx[\.[int: "b"]] = index
            }
            if index % 10 == 0 { say("\(index)") }
        }
    case "distinct":
        for index in 0..<Int(arguments[4])! { prefs[\.[int: "\(arguments[3]).\(index)"]] = index }
        try prefs.flush()
        say("done")
    case "increment":
        for _ in 0..<Int(arguments[3])! { prefs.update(\.[int: "counter"]) { $0 += 1 } }
        try prefs.flush()
        say("done")
    case "exit-unflushed":
        prefs[\.[int: arguments[3]]] = Int(arguments[4])!
        exit(0)  // the exit flush must write it
    case "read-renamed":
        say("value \(prefs[\.renamed])")
    case "migrate":
        let steps = ["one", "two"].map { step in
            PreferenceMigration(step) { tx in tx[\.[int: "runs.\(step)"]] += 1 }
        }
        let ran = try prefs.migrate(steps)
        try prefs.flush()
        say("ran \(ran.joined(separator: ","))")
    case "set":
        try prefs.set(\.[int: arguments[3]], Int(arguments[4])!)
        say("done")
    case "date-bits":
        for index in 0..<Int(arguments[3])! {
            let date = prefs[\.[optionalDate: "d\(index)"]]
            say("d\(index) " + (date.map { String($0.timeIntervalSinceReferenceDate.bitPattern) } ?? "nil"))
        }
        say("done")
    default:
        FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
        exit(2)
    }
}
