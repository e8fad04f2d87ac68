import Foundation
import PostgresNIO
import PrefsPostgres
import PrefsTestSupport
import Testing

/// What a libpq URL leaves out comes from libpq's variables, and then from the system, as libpq does.
@Suite struct ConnectionURLTests {
    @Test func aURLWithoutAUserConnectsAsTheSystemUserAndPGUSERComesFirst() throws {
        let system = try Self.run("/usr/bin/id", ["-un"])
        let plain = try PostgresPreferenceStore.Configuration(
            url: "postgres://db.internal/app?sslmode=disable", namespace: "n", environment: [:])
        #expect(plain.connection.username == system)
        let fromVariable = try PostgresPreferenceStore.Configuration(
            url: "postgres://db.internal/app?sslmode=disable", namespace: "n", environment: ["PGUSER": "ops"])
        #expect(fromVariable.connection.username == "ops")
        let fromURL = try PostgresPreferenceStore.Configuration(
            url: "postgres://app@db.internal/app?sslmode=disable", namespace: "n", environment: ["PGUSER": "ops"])
        #expect(fromURL.connection.username == "app")
    }

    private static func run(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        _ = process.exitStatus()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
