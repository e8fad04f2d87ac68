import Foundation
import Prefs
import PrefsCommand
import PrefsTestSupport
import Testing

/// How the tools decide on colours and write values.
@Suite struct OutputTests {
    @Test func colorsOnlyOnATerminalWithoutNoColorOrADumbTerminal() {
        #expect(TextStyle.forStream(isTerminal: true, environment: [:]).usesColor)
        #expect(TextStyle.forStream(isTerminal: true, environment: ["TERM": "xterm-256color"]).usesColor)
        #expect(!TextStyle.forStream(isTerminal: false, environment: [:]).usesColor)
        #expect(!TextStyle.forStream(isTerminal: true, environment: ["NO_COLOR": "1"]).usesColor)
        #expect(TextStyle.forStream(isTerminal: true, environment: ["NO_COLOR": ""]).usesColor)  // no-color.org
        #expect(!TextStyle.forStream(isTerminal: true, environment: ["TERM": "dumb"]).usesColor)
        #expect(TextStyle(usesColor: false).paint("x", .red) == "x")
        #expect(TextStyle(usesColor: true).paint("x", .red) == "\u{1B}[31mx\u{1B}[0m")
    }

    @Test func aLineShowsStringsBareUnlessQuotesAreNeededToSeeThem() {
        #expect(ValueText.line("dark") == "dark")
        #expect(ValueText.line("two words") == "two words")
        #expect(ValueText.line("") == #""""#)
        #expect(ValueText.line(" padded ") == #"" padded ""#)
        #expect(ValueText.line("two\nlines") == #""two\nlines""#)
        #expect(ValueText.line(nil) == "nil")
        #expect(ValueText.line(1.0) == "1.0")
        #expect(ValueText.line(.date(Date(timeIntervalSince1970: 1.5))) == "1970-01-01T00:00:01.5Z")
        #expect(ValueText.line(.data(Data("hello".utf8))) == "aGVsbG8=")
        #expect(ValueText.line(["b": [1, 2], "a": true]) == #"{"a": true, "b": [1, 2]}"#)
    }

    @Test func jsonIsTheFilesFormatAndReadsBack() throws {
        let value: PreferenceValue = [
            "when": .date(Date(timeIntervalSince1970: 0)), "bytes": .data(Data([1, 2])), "ratio": 2.0,
            "list": [1, "two"], "nested": ["$odd": 1],
        ]
        let compact = ValueText.json(value)
        #expect(!compact.contains("\n"))
        #expect(compact.contains(#""when": {"$date": "1970-01-01T00:00:00Z"}"#))
        #expect(compact.contains(#""ratio": 2.0"#))
        #expect(try PreferenceJSON.value(parsing: compact) == value)
        #expect(try PreferenceJSON.value(parsing: ValueText.json(value, pretty: true)) == value)
        #expect(ValueText.json(nil) == "null")
    }

    @Test func typeNamesReadAsSwiftIsWritten() {
        #expect(ValueText.typeName("Optional<Date>") == "Date?")
        #expect(ValueText.typeName("Array<Int>") == "[Int]")
        #expect(ValueText.typeName("Dictionary<String, Double>") == "[String: Double]")
        #expect(ValueText.typeName("Optional<Array<Dictionary<String, Int>>>") == "[[String: Int]]?")
        #expect(ValueText.typeName("Theme") == "Theme")
    }

    @Test func aTableAlignsColumnsOnTheTextNotTheColors() {
        var table = TextTable(header: ["KEY", "VALUE"])
        table.append([.init("a", .cyan), .init("1")])
        table.append([.init("longer", .cyan), .init("2")])
        #expect(table.render(TextStyle(usesColor: false)) == "KEY     VALUE\na       1\nlonger  2")
        #expect(table.render(TextStyle(usesColor: true)).contains("\u{1B}[36ma\u{1B}[0m       1"))
    }

    @Test func everyExitCodeIsDocumented() {
        let help = PrefsExitCode.helpText
        for code in PrefsExitCode.allCases { #expect(help.contains("  \(code.rawValue) ")) }
        #expect(Set(PrefsExitCode.allCases.map(\.rawValue)).count == PrefsExitCode.allCases.count)
    }
}
