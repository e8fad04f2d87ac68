import Foundation
import PrefsTestSupport
import Testing

/// The example app, which embeds `PrefsCommand`, run as a real process with its own file.
@Suite struct ExampleAppTests {
    @Test func listShowsAnOverriddenKeyAsSuch() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.url.path, "EXAMPLE_APP_THEME": "dark"]
        let result = try ToolProcess.run("example-app", ["prefs", "list"], environment: environment)
        #expect(result.status == 0)
        let theme = try #require(result.outputLines.first { $0.hasPrefix("theme ") })
        let columns = theme.split(separator: " ", maxSplits: 4, omittingEmptySubsequences: true).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(columns.prefix(4) == ["theme", "Theme", "system", "dark"])
        #expect(columns[4].hasPrefix("overridden by environment variable EXAMPLE_APP_THEME"))
        #expect(columns[4].hasSuffix("The colour scheme of every window"))
    }

    @Test func setOfAnInvalidThemeListsTheValidOnesAndWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.url.path]
        let result = try ToolProcess.run("example-app", ["prefs", "set", "theme", "purple"], environment: environment)
        #expect(result.status == 2)
        #expect(
            result.error
                == "error: 'purple' is not a valid value for 'theme' (Theme); valid values: system, light, dark\n")
        #expect(!FileManager.default.fileExists(atPath: directory.file("example-app/preferences.json").path))
    }

    @Test func aValueSetByTheAppIsReadByPrefsAndTheOtherWayRound() throws {
        let directory = try TemporaryDirectory()
        let environment = ["XDG_CONFIG_HOME": directory.url.path]
        #expect(
            try ToolProcess.run("example-app", ["prefs", "set", "theme", "dark"], environment: environment).status == 0)
        let read = try ToolProcess.run("prefs", ["get", "theme", "--app", "example-app"], environment: environment)
        #expect(read.output == "dark\n")
        #expect(
            try ToolProcess.run(
                "prefs", ["set", "should_show_hello_world", "true", "--app", "example-app"],
                environment: environment
            ).status == 0)
        let greeting = try ToolProcess.run("example-app", [], environment: environment)
        #expect(greeting.output == "Hello, world! (theme: dark)\n")
        #expect(
            try ToolProcess.run("example-app", ["prefs", "get", "launch_count"], environment: environment).output
                == "0\n")
        let unknown = try ToolProcess.run("example-app", ["prefs", "get", "colour"], environment: environment)
        #expect(unknown.status == 1)
    }
}
