import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport
import PrefsTesting
import Testing

/// Dates through every command exactly, and preferences files that are symbolic links.
@Suite struct PrefsToolExactnessTests {
    /// `Date()`-like values with arbitrary last bits, and the extremes.
    static let dates: [Date] = {
        var generator = PreferenceValueGenerator(seed: 0xC11_DA7E)
        let now = Date().timeIntervalSinceReferenceDate
        let generated = (0..<40).map { _ in
            Date(timeIntervalSinceReferenceDate: Double(bitPattern: now.bitPattern ^ (generator.next() & 0xF_FFFF)))
        }
        return generated + [.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: -1e-300)]
            + [Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)]
    }()

    @Test func getListAndSetKeepDatesExact() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        let store = try FilePreferenceStore(url: file, watchesForChanges: false)
        try store.write(
            Dictionary(uniqueKeysWithValues: Self.dates.enumerated().map { ("d\($0.offset)", .date($0.element)) }))
        let listed = try ToolProcess.run("prefs", ["list", "--json", "--file", file.path])
        #expect(listed.status == 0)
        #expect(try PreferenceJSON.encode(PreferenceJSON.decode(Data(listed.output.utf8))) == Data(contentsOf: file))
        for (index, date) in Self.dates.enumerated() {
            let got = try ToolProcess.run("prefs", ["get", "d\(index)", "--file", file.path])
            let text = got.output.trimmingCharacters(in: .newlines)
            #expect(
                PreferenceDateFormat.date(from: text)?.timeIntervalSinceReferenceDate.bitPattern
                    == date.timeIntervalSinceReferenceDate.bitPattern, "\(text)")
            let set = try ToolProcess.run(
                "prefs", ["set", "--type", "date", "--file", file.path, "--", "e\(index)", text])
            #expect(set.status == 0, "\(set.error)")
        }
        let reread = try FilePreferenceStore(url: file, watchesForChanges: false)
        for index in Self.dates.indices {
            #expect(reread.value(forKey: "e\(index)") == reread.value(forKey: "d\(index)"))
        }
    }

    @Test func theEmbeddedCommandSetsAndGetsDatesExactly() throws {
        let store = TestPreferenceStore()
        let prefs = Preferences(store: store)
        for date in Self.dates {
            let text = PreferenceDateFormat.string(from: date)
            #expect(run(ShopApp.self, ["prefs", "set", "--", "last_order", text], preferences: prefs).exitCode == 0)
            #expect(
                store.contents["last_order"].map { PreferenceJSON.text(of: $0, pretty: false) }
                    == PreferenceJSON.text(of: .date(date), pretty: false))
            #expect(run(ShopApp.self, ["prefs", "get", "last_order"], preferences: prefs).output == text + "\n")
        }
    }

    @Test func theToolWritesThroughALinkAndReportsDanglingLinksAndLoops() throws {
        let directory = try TemporaryDirectory()
        let target = directory.file("dotfiles-preferences.json")
        let link = directory.file("preferences.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.lastPathComponent)
        let missing = try ToolProcess.run("prefs", ["get", "count", "--file", link.path])
        #expect(missing.status == 3)
        #expect(missing.error.contains("(a symbolic link to \(target.path), which does not exist)"))
        #expect(try ToolProcess.run("prefs", ["set", "count", "7", "--file", link.path]).status == 0)
        #expect(try ToolProcess.run("prefs", ["get", "count", "--file", link.path]).output == "7\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == target.lastPathComponent)
        #expect(try String(contentsOf: target, encoding: .utf8).contains(#""count": 7"#))

        let loop = directory.file("loop.json")
        try FileManager.default.createSymbolicLink(atPath: loop.path, withDestinationPath: "loop.json")
        for command in [["get", "count"], ["set", "count", "1"], ["list"]] {
            let refused = try ToolProcess.run("prefs", command + ["--file", loop.path])
            #expect(refused.status == 5, "\(command): \(refused.error)")
            #expect(refused.error.contains("a loop of symbolic links"), "\(refused.error)")
        }
    }
}
