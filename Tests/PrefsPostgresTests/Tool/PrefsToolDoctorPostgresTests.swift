import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// `prefs doctor --postgres URL --namespace NS`: a namespace's undeclared keys with the time of their last change
/// from its history, and `--gc` removing them in one transaction.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct PrefsToolDoctorPostgresTests {
    @Test func aNamespaceShowsWhenEachUndeclaredKeyLastChangedAndGcRemovesThem() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        try store.write(["app.theme": "dark", "app.retired": 3, "app.old_banner": "sale"])
        try store.flush()  // written behind: committed before the tool's process reads the namespace
        let directory = try TemporaryDirectory()
        let schema = directory.file("schema.json")
        try Preferences(store: InMemoryPreferenceStore(), keyPrefix: "app.")
            .jsonSchema(of: [AnyPreferenceKey(\.[string: "theme"])]).write(to: schema)
        let started = Date()
        let report = try fleet.prefs(["doctor", "--schema", schema.path, "--key-prefix", "app.", "--json"])
        #expect(report.status == 0, "\(report.error)")
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(report.output.utf8)) as? [[String: Any]])
        let undeclared = try #require(objects.first?["undeclared"] as? [[String: Any]])
        #expect(undeclared.map { $0["key"] as? String } == ["app.old_banner", "app.retired"])
        for key in undeclared {
            let time = try #require(key["lastChanged"] as? String)
            let date = try #require(PreferenceDateFormat.date(from: time))
            #expect(abs(date.timeIntervalSince(started)) < 600, "\(time)")
        }
        let gc = try fleet.prefs([
            "doctor", "--schema", schema.path, "--key-prefix", "app.", "--gc", "--yes", "--export",
            directory.file("export.json").path,
        ])
        #expect(gc.status == 0, "\(gc.error)")
        #expect(try fleet.prefs(["get", "app.retired"]).status == 1)
        #expect(try fleet.prefs(["get", "app.theme"]).output == "dark\n")
        #expect(try fleet.prefs(["import", directory.file("export.json").path]).status == 0)
        #expect(try fleet.prefs(["get", "app.retired"]).output == "3\n")
    }
}
