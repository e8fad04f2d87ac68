import Foundation
import PrefsTestSupport
import Testing

/// `prefs … --domain NAME`: a UserDefaults domain, read and written through Prefs' UserDefaults store, so that
/// plain `UserDefaults` code sees the values.
@Suite struct PrefsToolDomainTests {
    @Test func setGetListAndDeleteOnADomain() throws {
        let directory = try TemporaryDirectory()
        let suite = directory.url.appendingPathComponent("suite").path  // Linux keeps it in "<suite>.plist"
        #expect(try ToolProcess.run("prefs", ["set", "theme", "dark", "--domain", suite]).status == 0)
        #expect(try ToolProcess.run("prefs", ["set", "count", "5", "--domain", suite]).status == 0)
        let get = try ToolProcess.run("prefs", ["get", "theme", "--domain", suite])
        #expect(get.status == 0 && get.output == "dark\n")
        let list = try ToolProcess.run("prefs", ["list", "--domain", suite, "--json"])
        #expect(list.output.contains(#""count""#) && list.output.contains(#""theme""#))
        let defaults = try #require(UserDefaults(suiteName: suite))
        #expect(defaults.string(forKey: "theme") == "dark")
        #expect(defaults.integer(forKey: "count") == 5)
        #expect(try ToolProcess.run("prefs", ["delete", "theme", "--domain", suite]).status == 0)
        #expect(try ToolProcess.run("prefs", ["get", "theme", "--domain", suite]).status == 1)
        #expect(try ToolProcess.run("prefs", ["path", "--domain", suite]).output == suite + ".plist\n")
    }

    @Test func aMissingDomainIsExitCodeThreeAndSeveralLocationsAreAUsageError() throws {
        let directory = try TemporaryDirectory()
        let missing = try ToolProcess.run(
            "prefs", ["list", "--domain", directory.url.appendingPathComponent("none").path])
        #expect(missing.status == 3)
        #expect(missing.error.contains("none.plist"))
        let both = try ToolProcess.run("prefs", ["list", "--domain", "x", "--app", "y"])
        #expect(both.status == 64)
    }
}
