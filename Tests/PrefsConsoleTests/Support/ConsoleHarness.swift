import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Prefs
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// A console over settings, driven in process by Hummingbird's test client, with the token and CSRF token at hand.
struct ConsoleHarness {
    static let token = "test-token-0123456789abcdef"
    let console: PreferenceConsole
    let logs: CapturingLogHandler.Messages

    init(settings: any ConsoleSettings, maximumBodySize: Int = 1 << 20) {
        let (logger, logs) = CapturingLogHandler.logger()
        self.logs = logs
        console = PreferenceConsole(
            settings: settings,
            configuration: ConsoleConfiguration(port: 0, token: Self.token, maximumBodySize: maximumBodySize),
            logger: logger)
    }

    var csrf: String { console.csrf.text }

    /// Headers of a request authorized by the bearer token, addressed to 127.0.0.1.
    static var bearer: HTTPFields { [.authorization: "Bearer \(token)"] }

    /// Headers of a request from the page: the cookie the console set, and its CSRF token and origin.
    func page(contentType: String? = nil) -> HTTPFields {
        var fields: HTTPFields = [
            .cookie: "\(console.cookieName)=\(Self.token)", .origin: "http://localhost",
            HTTPField.Name("X-CSRF-Token")!: csrf,
        ]
        if let contentType { fields[.contentType] = contentType }
        return fields
    }

    func run<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await console.makeApplication().test(.router, body)
    }
}

extension TestClientProtocol {
    /// Executes a request and returns the response.
    func send(
        _ method: HTTPRequest.Method, _ uri: String, headers: HTTPFields = ConsoleHarness.bearer, body: String? = nil
    ) async throws -> TestResponse {
        try await execute(uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }) {
            $0
        }
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as a JSON object, read with the preferences file's notation.
    var object: [String: PreferenceValue] {
        guard case .dictionary(let members)? = try? PreferenceJSON.value(parsing: text) else { return [:] }
        return members
    }
}

extension PreferenceValue {
    /// A dictionary's members; empty for any other value.
    var entries: [String: PreferenceValue] {
        if case .dictionary(let members) = self { members } else { [:] }
    }
}

/// The body of a JSON request that writes `json` (Prefs' notation) to a key.
func jsonBody(_ json: String, reason: String? = nil) -> String {
    var members: [String: PreferenceValue] = ["json": .string(json)]
    if let reason { members["reason"] = .string(reason) }
    return PreferenceJSON.text(of: .dictionary(members), pretty: false)
}

/// A percent-encoded form body.
func formBody(_ fields: [(String, String)]) -> String {
    fields.map { "\($0.0.addingQueryEscapes)=\($0.1.addingQueryEscapes)" }.joined(separator: "&")
}
