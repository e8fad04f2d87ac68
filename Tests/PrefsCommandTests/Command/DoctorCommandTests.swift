import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport
import Testing

/// `myapp prefs doctor`: the app's own catalog, container and override layers.
@Suite struct DoctorCommandTests {
    private func container(_ directory: TemporaryDirectory) throws -> Preferences {
        _ = try directory.write(olderVersionFile)
        return Preferences(
            store: try FilePreferenceStore(url: directory.file()), keyPrefix: "shop.",
            overrides: [PreferenceOverrideLayer(values: ["flavor": "strawberry"], name: "test layer")])
    }

    @Test func itReportsKeysTheOverrideHidesAndWhatTheCatalogDoesNotDeclare() throws {
        let directory = try TemporaryDirectory()
        let checked = run(DoctorApp.self, ["prefs", "doctor", "--json"], preferences: try container(directory))
        #expect(checked.exitCode == 0, "\(checked.error)")
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(checked.output.utf8)) as? [[String: Any]])
        let report = try #require(reports.first)
        #expect(report["location"] as? String == directory.file().path)
        #expect(
            (report["shadowed"] as? [[String: String]]) == [
                ["key": "shop.flavor", "overriddenBy": "test layer flavor"]
            ])
        #expect(
            (report["undeclared"] as? [[String: Any]])?.map { $0["key"] as? String } == [
                "shop.banner", "shop.legacy.colors", "shop.sound_level",
            ])
        #expect(
            (report["invalid"] as? [[String: Any]])?.map { $0["key"] as? String } == [
                "shop.api_token", "shop.panel", "shop.scoops",
            ])
        let text = run(DoctorApp.self, ["prefs", "doctor"], preferences: try container(directory))
        #expect(text.output.contains("shop.flavor: stored, but the app reads test layer flavor"))
    }

    @Test func gcRemovesOnlyUndeclaredKeysUnderThePrefix() throws {
        let directory = try TemporaryDirectory()
        let export = directory.file("export.json").path
        let run = run(
            DoctorApp.self, ["prefs", "doctor", "--gc", "--yes", "--export", export],
            preferences: try container(directory))
        #expect(run.exitCode == 0, "\(run.error)")
        let after = try PreferenceJSON.decode(Data(contentsOf: directory.file()))
        #expect(after["shop.banner"] == nil && after["shop.legacy.colors"] == nil)
        #expect(after["shop.sound_level"] == 7, "a former name is never removed")
        #expect(after["shop.prefs.migrations"] != nil && after["other.app.key"] != nil && after["shop.scoops"] != nil)
        #expect(try PreferenceJSON.decode(Data(contentsOf: URL(fileURLWithPath: export))).count == 2)
    }

    @Test func aKeyChangedAfterTheCheckupIsLeft() throws {
        let store = InMemoryPreferenceStore(["shop.banner": "new", "shop.old": 1])
        let outcome = try GarbageCollection.remove(["shop.banner": "old", "shop.old": 1], from: store)
        #expect(outcome.removed == ["shop.old"])
        #expect(outcome.changedMeanwhile == ["shop.banner"])
        #expect(store.value(forKey: "shop.banner") == "new")
    }
}
