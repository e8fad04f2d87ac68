import Foundation
import PostgresNIO
import Prefs
import PrefsPostgres

// A child process for the PostgreSQL store's tests: one instance of a fleet. It connects with
// libpq's variables (PGHOST, PGPORT, PGUSER, PGPASSWORD, PGDATABASE; PGAPPNAME names its sessions)
// and prints one line per step, flushing stdout so that the parent reads along.
//
//   increment NAMESPACE N      update { $0 += 1 } on "counter" N times, flush, print "done"
//   set NAMESPACE KEY INT      set one key, flush, print "flushed"
//   watch NAMESPACE KEY SECS   print "ready", then "value V" for every value observed, for SECS seconds

extension PreferenceKeys {
    subscript(int name: String) -> Key<Int> { Key(name, default: 0) }
}

/// Writes a line to stdout unbuffered.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: PrefsPostgresTestHelper COMMAND NAMESPACE …\n".utf8))
    exit(2)
}
var configuration = try PostgresPreferenceStore.Configuration(namespace: arguments[2])
if let name = ProcessInfo.processInfo.environment["PGAPPNAME"] {
    configuration.connection.options.additionalStartupParameters = [("application_name", name)]
}
configuration.flushTimeout = .seconds(20)
let store: PostgresPreferenceStore
do {
    store = try PostgresPreferenceStore(configuration: configuration)
} catch {
    say("error: \(error)")
    exit(3)
}
let prefs = Preferences(store: store)

switch arguments[1] {
case "increment":
    for _ in 0..<Int(arguments[3])! {
        prefs.update(\.[int: "counter"]) { $0 += 1 }
    }
    try prefs.flush()
    say("done")
case "set":
    try prefs.set(\.[int: arguments[3]], Int(arguments[4])!)
    try prefs.flush()
    say("flushed")
case "watch":
    // Prints each value of the key until it is the expected one (the test kills a child that never sees it).
    let expected = Int(arguments[4])!
    let seen = DispatchSemaphore(value: 0)
    let token = prefs.observe(\.[int: arguments[3]]) { change in
        say("value \(change.newValue)")
        if change.newValue == expected { seen.signal() }
    }
    say("ready")
    seen.wait()
    token.cancel()
default:
    say("unknown command \(arguments[1])")
    exit(2)
}
store.close()
