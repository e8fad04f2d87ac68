import AvailabilityCheck
import Foundation
import Testing

/// The source side of the check: comments and strings are not code, `#if` blocks are parsed, regions nest.
@Suite struct SourceTests {
    @Test func commentsAndStringsAreBlankedAndPositionsKept() {
        let source = """
            let a = "throws(E) \\(b("c")) d" // throws(F)
            /* each T /* nested */ */ let e = 1
            """
        let code = String(decoding: CodeText(source).bytes, as: UTF8.self)
        #expect(code.utf8.count == source.utf8.count)
        #expect(!code.contains("throws"))
        #expect(!code.contains("each"))
        #expect(code.contains("b(") && code.contains("let e = 1"))
        #expect(CodeText(source).position(of: source.utf8.count - 1) == SourcePosition(line: 2, column: 35))
    }

    @Test func directivesAreBlankedSoThatEveryClauseIsParsed() {
        let source = "#if os(Linux)\nfunc a() {}\n  #else\nfunc b() {}\n#endif\n"
        let blanked = SourceParser.withoutConditionalCompilation(source)
        #expect(blanked.utf8.count == source.utf8.count)
        #expect(!blanked.contains("#"))
        #expect(blanked.contains("func a() {}") && blanked.contains("func b() {}"))
    }

    @Test func regionsComeFromAttributesAndAvailabilityConditions() throws {
        let source = """
            @available(macOS 15, *)
            struct S {
                func f() {}
            }
            func g() {
                if #available(iOS 18, *) {
                    print(1)
                }
                guard #available(macOS 16, *) else { return }
                print(2)
            }
            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("regions-\(UUID()).swift")
        try Data(source.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let parsed = try #require(try SourceParser(frontend: try frontend()).parse([file.path])[file.path])
        let floor = Availability([.macOS: .introduced(Version(14)), .iOS: .introduced(Version(17))])
        func at(_ line: Int, _ column: Int) -> Availability {
            parsed.regions.availability(at: SourcePosition(line: line, column: column), floor: floor)
        }
        #expect(at(3, 10).platforms[.macOS] == .introduced(Version(15)))
        #expect(at(7, 9).platforms[.iOS] == .introduced(Version(18)))
        #expect(at(7, 9).platforms[.visionOS] == .introduced(Version(2)))
        #expect(at(7, 9).platforms[.macOS] == .introduced(Version(14)))
        #expect(at(10, 5).platforms[.macOS] == .introduced(Version(16)))
        #expect(at(5, 6).platforms[.macOS] == .introduced(Version(14)))
    }

    /// The toolchain's `swiftc`, next to the running `swift`.
    private func frontend() throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/swiftc"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        if FileManager.default.isExecutableFile(atPath: "/opt/swift/usr/bin/swiftc") {
            return "/opt/swift/usr/bin/swiftc"
        }
        throw CheckFailure("no swiftc in PATH")
    }
}
