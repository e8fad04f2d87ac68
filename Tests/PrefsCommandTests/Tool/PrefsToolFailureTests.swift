import Foundation
import PrefsTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad input: a clear message on standard error, the documented exit code, and nothing written.
@Suite struct PrefsToolFailureTests {
    private static let original = "{\n  \"count\": 3,\n  \"theme\": \"dark\"\n}\n"

    /// Runs `prefs` and checks its exit code, its message, that it printed no results, and that the
    /// folder holds exactly what it held before, byte for byte.
    private func expectRefusal(
        _ arguments: [String],
        in directory: TemporaryDirectory,
        status: Int32,
        message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try snapshot(directory)
        let result = try ToolProcess.run("prefs", arguments)
        #expect(result.status == status, "\(result.error)", sourceLocation: sourceLocation)
        #expect(result.error.hasPrefix("error: "), sourceLocation: sourceLocation)
        #expect(result.error.contains(message), "\(result.error)", sourceLocation: sourceLocation)
        #expect(result.output.isEmpty, sourceLocation: sourceLocation)
        #expect(try snapshot(directory) == before, "the folder changed", sourceLocation: sourceLocation)
    }

    private func snapshot(_ directory: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: directory.url.path)
        while let name = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = directory.url.appendingPathComponent(name).path
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
            files[name] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return files
    }

    @Test func anUnknownKeyIsExitCodeOne() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.original).path
        let message = "no key 'colour' in \(file); the keys are: count, theme"
        try expectRefusal(["get", "colour", "--file", file], in: directory, status: 1, message: message)
        try expectRefusal(["delete", "colour", "--file", file], in: directory, status: 1, message: message)
    }

    @Test func anUnparsableValueIsExitCodeTwo() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.original).path
        try expectRefusal(
            ["set", "count", "3.5", "--file", file], in: directory, status: 2,
            message: "'3.5' is not a valid int: expected a whole number; 'count' holds the integer 3")
        try expectRefusal(
            ["set", "when", "yesterday", "--type", "date", "--file", file], in: directory, status: 2,
            message: "'yesterday' is not a valid date: expected an ISO 8601 date")
        try expectRefusal(
            ["set", "list", "[1,", "--type", "json", "--file", file], in: directory, status: 2,
            message: "'[1,' is not a valid json")
        let document = try directory.write("[1, 2]", to: "doc.json").path
        try expectRefusal(
            ["import", document, "--file", file], in: directory, status: 2,
            message: "\(document) is not a preferences document")
    }

    @Test func anUnparsableValueForANewFileCreatesNothing() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("app/preferences.json").path
        try expectRefusal(
            ["set", "count", "x", "--type", "int", "--file", file], in: directory, status: 2,
            message: "'x' is not a valid int")
    }

    @Test func aMissingFileIsExitCodeThree() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("app/preferences.json").path
        let message = "there is no preferences file at \(file)"
        for command in [["list"], ["get", "count"], ["delete", "count"], ["export"], ["watch"]] {
            try expectRefusal(command + ["--file", file], in: directory, status: 3, message: message)
        }
        try expectRefusal(
            ["import", directory.file("missing.json").path, "--file", file], in: directory, status: 3,
            message: "there is no file to import at")
    }

    @Test func aCorruptFileIsExitCodeFourAndIsLeftWhereItIs() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(#"{"count": 3, "#).path
        let message =
            "\(file) is not a valid preferences file (invalid JSON at line 1, column 14 (byte 13): unterminated object)"
        for command in [["list"], ["get", "count"], ["set", "count", "4"], ["delete", "count"], ["watch"]] {
            try expectRefusal(command + ["--file", file], in: directory, status: 4, message: message)
        }
        let document = try directory.write(#"{"count": 4}"#, to: "doc.json").path
        try expectRefusal(["import", document, "--file", file], in: directory, status: 4, message: message)
        #expect(try directory.names() == ["doc.json", "preferences.json"])  // not moved aside
    }

    @Test func aFileLockedByAnotherProcessIsExitCodeFiveAfterTheTimeout() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.original).path
        let descriptor = open(file + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX) == 0)
        try expectRefusal(
            ["set", "count", "4", "--lock-timeout", "0.2", "--file", file], in: directory, status: 5,
            message: "\(file).lock is locked: another process has held it for more than")
        #expect(try ToolProcess.run("prefs", ["get", "count", "--file", file]).output == "3\n")  // reads go on
    }

    @Test(.enabled(if: getuid() != 0, "root writes anywhere"))
    func anUnwritableFolderIsExitCodeFive() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write(Self.original).path
        try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: directory.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.url.path) }
        try expectRefusal(
            ["set", "count", "4", "--file", file], in: directory, status: 5,
            message: "could not lock \(file).lock: Permission denied; nothing was written")
    }

    @Test func aFolderWhereTheFileShouldBeIsExitCodeFive() throws {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file(), withIntermediateDirectories: false)
        let file = directory.file().path
        for command in [["list"], ["set", "count", "4"]] {
            try expectRefusal(
                command + ["--file", file], in: directory, status: 5,
                message: "\(file) is a folder, not a preferences file")
        }
    }

    @Test func aWrongCommandLineIsExitCodeSixtyFour() throws {
        let directory = try TemporaryDirectory()
        for arguments in [
            ["list"], ["list", "--app", "a", "--file", "b"], ["set", "k", "--file", "f"], ["frobnicate"],
        ] {
            let result = try ToolProcess.run("prefs", arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.error.contains("Error:") || result.error.contains("error:"))
        }
        #expect(try directory.names().isEmpty)
    }
}
