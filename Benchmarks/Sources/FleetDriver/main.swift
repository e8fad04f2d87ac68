import Foundation
import Logging
import PostgresNIO
import Prefs
import PrefsPostgres

// One process of a benchmark fleet, started by the `Postgres.fleet-*` benchmarks with libpq's variables (PGHOST,
// PGPORT, PGUSER, PGPASSWORD, PGDATABASE). It prints "ready" once every instance is connected, then one line per
// event, and reads commands on standard input:
//
//   FleetDriver prefs COUNT NAMESPACE one|two   COUNT Prefs instances (a PostgresPreferenceStore and a container
//                  [shared]                     each) observing the Int key "fleet"; "seen V FIRST LAST" once all
//                                               have V (monotonic nanoseconds); with "shared", the instances share
//                                               one listening session (Configuration.sharesListener)
//   FleetDriver floor COUNT CHANNEL             COUNT postgres-nio sessions LISTENing on CHANNEL, the payload an
//                                               Int; the same "seen" lines
//   FleetDriver storm COUNT NAMESPACE one|two   COUNT instances; on "go SECONDS PREFIX", each writes its own key
//                  [separate]                   PREFIX<i> and flushes, as fast as it can, for SECONDS; then prints
//                                               "wrote KEY VALUE" per instance, "flushes P50 P99 COUNT" and "done"
//
//   commands: "cpu" prints "cpu NANOSECONDS" (this process's CPU time); "expect KEY=VALUE …" prints "converged N"
//   once N (all) instances see every value, within 30 s; "quit" ends the process.

extension PreferenceKeys {
    subscript(fleet name: String) -> Key<Int> { Key(name, default: 0) }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: FleetDriver prefs|floor|storm COUNT NAMESPACE|CHANNEL …\n".utf8))
    exit(2)
}
var logger = Logger(label: "fleet-driver")
logger.logLevel = .error

let fleet: any DriverFleet
do {
    switch arguments[1] {
    case "prefs", "storm":
        let sessions: PostgresPreferenceStore.Configuration.Sessions =
            arguments.count > 4 && arguments[4] == "one" ? .one : .two
        let separate = arguments.count > 5 && arguments[5] == "separate"
        let shared = arguments.count > 5 && arguments[5] == "shared"
        fleet = try PrefsDriverFleet(
            count: count, namespace: arguments[3], sessions: sessions, separateNamespaces: separate,
            sharedListener: shared, observing: arguments[1] == "prefs", logger: logger)
    case "floor":
        fleet = try FloorDriverFleet(count: count, channel: arguments[3], logger: logger)
    default:
        FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
        exit(2)
    }
} catch {
    say("error \(error)")
    exit(3)
}
say("ready")
while let line = readLine() {
    let words = line.split(separator: " ").map(String.init)
    switch words.first {
    case "cpu": say("cpu \(processCPUNanoseconds())")
    case "go": fleet.storm(seconds: Double(words[1]) ?? 10, prefix: words[2])
    case "expect":
        var expected: [String: Int] = [:]
        for pair in words.dropFirst() {
            let parts = pair.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { expected[String(parts[0])] = value }
        }
        say("converged \(fleet.converge(on: expected, within: 30))")
    case "quit":
        fleet.close()
        exit(0)
    default: break
    }
}
fleet.close()
