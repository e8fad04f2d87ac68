import Foundation
import PrefsTestSupport
import Testing

/// Checks that need the compiler itself, run as a child process on snippets that import the Prefs
/// module of this test run.
@Suite(.serialized) struct CompileTimeChecksTests {
    private static let declarations = """
        import Foundation
        import Prefs
        enum Theme: String, Sendable { case system, dark }
        struct Frame: Codable, Sendable, PreferenceStorable { var x = 0.0; static let zero = Frame() }
        extension PreferenceKeys {
            var theme: Key<Theme> { Key("theme", default: .system) }
            var window: Key<Frame> { Key("window", default: .zero) }
            var lastOpened: Key<Date?> { Key("last_opened") }
            var optionalTheme: Key<Theme?> { Key("optional_theme") }
            var optionalWindow: Key<Frame?> { Key("optional_window") }
            var nickname: Key<String?> { Key("nickname", default: nil) }
            var nilTheme: Key<Theme?> { Key("nil_theme", default: nil, store: .default) }
            var nilWindow: Key<Frame?> { Key("nil_window", default: nil, formerNames: ["old_window"]) }
            var nilJSONWindow: Key<Frame?> { Key("nil_json_window", default: nil, codec: .jsonString) }
        """

    @Test func keysWithoutANonNilOptionalDefaultCompile() throws {
        let result = try Compiler.typeCheck(Self.declarations + "\n}\n")
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(arguments: [
        #"var a: Key<Date?> { Key("a", default: Date()) }"#,
        #"var b: Key<Int?> { Key("b", default: 3) }"#,
        #"var c: Key<Theme?> { Key("c", default: .dark) }"#,
        #"var d: Key<Frame?> { Key("d", default: .zero) }"#,
        #"var e: Key<[Int]?> { Key("e", default: [1]) }"#,
        #"var f: Key<String?> { Key("f", default: "") }"#,
        #"var g: Key<Theme?> { Key("g", default: Theme.system, store: .default) }"#,
    ])
    func aDefaultOnAnOptionalKeyDoesNotCompile(_ declaration: String) throws {
        let source = Self.declarations + "\n" + declaration + "\n}\n"
        let offendingLine = source.split(separator: "\n", omittingEmptySubsequences: false).count - 2
        let result = try Compiler.typeCheck(source)
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "Snippet.swift:\(offendingLine):"
            ) && result.output.contains("an optional key always defaults to nil: declare it without a default"),
            "\(result.output)"
        )
    }

    /// 300 keys and conditionals over many of them type-check quickly: the compiler warns about any
    /// expression or function body slower than 100 ms, and the test fails on such a warning.
    @Test func typeCheckingStaysFlatWithManyKeys() throws {
        var source = "import Prefs\nextension PreferenceKeys {\n"
        for index in 0..<100 {
            source += "    var b\(index): Key<Bool> { Key(\"b\(index)\", default: false) }\n"
            source += "    var i\(index): Key<Int> { Key(\"i\(index)\", default: \(index)) }\n"
            source += "    var s\(index): Key<String> { Key(\"s\(index)\", default: \"\") }\n"
        }
        source += "}\n"
        for index in 0..<97 {
            source += """
                func use\(index)(_ prefs: Preferences) -> Int {
                    var total = 0
                    if prefs[\\.b\(index)] && !prefs[\\.b\(index + 1)] || prefs[\\.i\(index)] == 3 { total += 1 }
                    if prefs[\\.i\(index)] + prefs[\\.i\(index + 1)] * 2 > prefs[\\.i\(index + 2)] - 1 || prefs[\\.s\(index)].isEmpty { total += 2 }
                    prefs[\\.i\(index)] = prefs[\\.b\(index)] ? prefs[\\.i\(index + 1)] + 1 : prefs[\\.i\(index + 2)] - 1
                    return total
                }

                """
        }
        let started = Date()
        let result = try Compiler.typeCheck(
            source,
            extraArguments: [
                "-Xfrontend", "-warn-long-expression-type-checking=100",
                "-Xfrontend", "-warn-long-function-bodies=100",
            ]
        )
        let seconds = Date().timeIntervalSince(started)
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("warning"), "\(result.output)")
        print("300 keys, 291 key-path expressions: type-checked in \(String(format: "%.2f", seconds)) s")
    }
}
