// Complete form of samples in: README.md
// The README's samples in the order it shows them, as one program (never run: it is compiled by
// scripts/check-samples.py). What the README leaves out is declared at the end.
import Foundation
import Prefs

enum Theme: String, Sendable { case system, light, dark }

struct Frame: Codable, Sendable, Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
}
extension Frame: PreferenceStorable {}

extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var theme: Key<Theme> { Key("theme", default: .system) }             // RawRepresentable: stored as "dark"
    var window: Key<Frame> { Key("window", default: .zero) }             // Codable: stored as an object
    var lastOpened: Key<Date?> { Key("last_opened") }                   // optional: defaults to nil
    var selections: Key<[Int]> { Key("selections", default: [3, 4, 5]) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.app")   // ~/.config/com.example.app/…
let groupURL = FilePreferenceStore.standardURL(appID: "com.example.group")

// Tests and previews: memory only.
let scratch = Preferences(store: InMemoryPreferenceStore())

// A durable JSON file, with every stored name prefixed.
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL), keyPrefix: "com.example.app.")

// Several stores: a key names its store with `store:`, the container binds every store ID to a store.
extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }
extension PreferenceKeys {
    var groupToken: Key<String> { Key("token", default: "", store: .appGroup) }
}
let shared = Preferences(stores: [
    .default: try FilePreferenceStore(url: settingsURL),
    .appGroup: try FilePreferenceStore(url: groupURL),
])

prefs[\.showHelloWorld] = true          // cache and observers now; the store is written behind the caller
let theme: Theme = prefs[\.theme]       // a cached read: a lock and a dictionary lookup, no decoding
prefs.reset(\.theme)                    // removes the stored value: reads return the default again
prefs.reset(\.theme, \.window)          // several keys at once, all or nothing
try prefs.resetAll()                    // every key under the container's prefix, in one transaction per store
try prefs.set(\.window, Frame(width: 800, height: 600))   // waits for the store and throws its error
try prefs.flush()                       // returns when every earlier write is durable in its store

prefs.update(\.launchCount) { $0 += 1 }   // atomic read-modify-write: no lost increments, even across processes

try prefs.transaction { tx in             // several keys, all or nothing; each key's observers told once
    tx[\.theme] = .dark
    tx[\.window] = Frame(width: 1280, height: 800)
    tx.reset(\.lastOpened)
}

let token = prefs.observe(\.theme) { change in
    print("theme: \(change.oldValue) → \(change.newValue)")
}
token.cancel()                            // releasing the token cancels it too

for await theme in prefs.values(\.theme) { print(theme) }     // the current value, then each new one
for await frame in prefs.changes(\.window) { print(frame) }   // each new value only

withObservationTracking {
    _ = prefs[\.theme]                    // tracks `theme`, nothing else
} onChange: {
    print("theme changed")
}

@MainActor func wrappers() {
@Preference(\.window, in: prefs) var window    // without `in:`, Preferences.standard at each access
window.width = 1024                            // nonmutating: works in structs, classes and statics

let width = _window.binding.width              // PreferenceBinding<Double>: reads the member, writes the key
width.wrappedValue = 800
_window.reset()

@MainActor enum Settings {                     // static records, read as Settings.showHelloWorld
    @Preference(\.showHelloWorld) static var showHelloWorld
    @Preference(\.theme) static var theme
}
Settings.showHelloWorld.toggle()
}

do {
let prefs = Preferences(stores: [
    .default: UserDefaultsPreferenceStore(.standard),
    .appGroup: UserDefaultsPreferenceStore(suiteName: "group.com.example")!,
])
}

func persistence() {
@Persistence("username") var name = "anonymous"
@Persistence("last_opened", store: UserDefaults(suiteName: "group.com.example")) var lastOpened: Date?
}

import PrefsCombine

prefs.valuesPublisher(for: \.theme)             // the current value, then each new one
    .sink { theme in apply(theme) }
    .store(in: &cancellables)
prefs.changesPublisher(for: \.window)           // Void, once per change

final class DictionaryStore: PreferenceStore, @unchecked Sendable {
    private let lock = NSRecursiveLock()   // recursive: a transaction body may read through the container
    private var values: [String: PreferenceValue] = [:]
    private let observers = PreferenceStoreObservers()

    func value(forKey key: String) -> PreferenceValue? { lock.withLock { values[key] } }
    func keys() -> [String] { lock.withLock { Array(values.keys) } }
    func flush() {}
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        observers.add(handler)
    }
    func write(_ changes: PreferenceStoreChanges) throws {
        try transaction { tx in for (key, value) in changes { tx.setValue(value, forKey: key) } }
    }
    func transaction<Result>(_ body: (inout PreferenceStoreTransaction) throws -> Result) throws -> Result {
        let origin = PreferenceWriteOrigin.current
        defer { observers.deliver() }      // outside the lock
        return try lock.withLock {
            var tx = PreferenceStoreTransaction { self.values[$0] }
            let result = try body(&tx)
            let changed = tx.changes.filter { $0.value != self.values[$0.key] }
            for (key, value) in changed { self.values[key] = value }
            observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))   // in order, under the lock
            return result
        }
    }
}

// What the samples above use and do not show.
import OpenCombine

var cancellables = Set<AnyCancellable>()
func apply(_ theme: Theme) {}
