import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// The token on every request, CSRF and origin checks on every state-changing one, the host name, the headers every
/// response carries, and the configuration that refuses to listen where it is unsafe.
@Suite struct ConsoleSecurityTests {
    let preferences = Preferences(store: InMemoryPreferenceStore())
    var harness: ConsoleHarness {
        ConsoleHarness(settings: DeclaredSettings(keys: ConsoleKeys.all, preferences: preferences, title: "tea-app"))
    }

    @Test func noTokenNoPage() async throws {
        let harness = harness
        try await harness.run { client in
            for uri in ["/", "/api/keys", "/api/events", "/assets/console.js", "/row?key=%22cups%22", "/history"] {
                let anonymous = try await client.send(.get, uri, headers: [:])
                #expect(anonymous.status == .unauthorized, "\(uri)")
                #expect(!anonymous.text.contains("cups"), "\(uri) shows a key without the token")
                let wrong = try await client.send(
                    .get, uri, headers: [.authorization: "Bearer test-token-0123456789abcdeX"])
                #expect(wrong.status == .unauthorized, "\(uri)")
                let wrongCookie = try await client.send(
                    .get, uri, headers: [.cookie: "\(harness.console.cookieName)=nope"])
                #expect(wrongCookie.status == .unauthorized, "\(uri)")
            }
            let badQuery = try await client.send(.get, "/?token=nope", headers: [:])
            #expect(badQuery.status == .unauthorized)
        }
    }

    @Test func theTokenInTheAddressBecomesACookie() async throws {
        let harness = harness
        try await harness.run { client in
            let response = try await client.send(
                .get, "/?token=\(ConsoleHarness.token)", headers: [HTTPField.Name("X-Test")!: "1"])
            #expect(response.status == .seeOther && response.headers[.location] == "/")
            let cookie = response.headers[.setCookie] ?? ""
            #expect(cookie.hasPrefix("\(harness.console.cookieName)=\(ConsoleHarness.token);"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"))
            let page = try await client.send(.get, "/", headers: harness.page())
            #expect(page.status == .ok && page.text.contains("Spoons of sugar"))
            #expect(page.text.contains(harness.csrf))
        }
    }

    @Test func changesNeedTheCSRFTokenAndTheSameOrigin() async throws {
        let harness = harness
        try await harness.run { client in
            var noCSRF = harness.page(contentType: "application/json")
            noCSRF[HTTPField.Name("X-CSRF-Token")!] = nil
            let refused = try await client.send(.put, "/api/keys/cups", headers: noCSRF, body: jsonBody("5"))
            #expect(refused.status == .forbidden && refused.text.contains("CSRF"))
            var forged = harness.page(contentType: "application/json")
            forged[.origin] = "http://evil.example"
            let forgedOrigin = try await client.send(.put, "/api/keys/cups", headers: forged, body: jsonBody("5"))
            #expect(forgedOrigin.status == .forbidden && forgedOrigin.text.contains("another origin"))
            var forgedBearer = ConsoleHarness.bearer
            forgedBearer[.origin] = "http://evil.example"
            let bearerForged = try await client.send(.put, "/api/keys/cups", headers: forgedBearer, body: jsonBody("5"))
            #expect(bearerForged.status == .forbidden)
            let form = formBody([("key", #""cups""#), ("control", "integer"), ("text", "5"), ("action", "save")])
            let formWithoutCSRF = try await client.send(
                .post, "/edit", headers: harness.page(contentType: "application/x-www-form-urlencoded"), body: form)
            #expect(formWithoutCSRF.status == .forbidden)
            let plain = try await client.send(
                .post, "/edit", headers: harness.page(contentType: "text/plain"), body: form)
            #expect(plain.status == .forbidden || plain.status == .badRequest)
            #expect(preferences[\.consoleCups] == 1)
            let allowed = try await client.send(
                .put, "/api/keys/cups", headers: harness.page(contentType: "application/json"), body: jsonBody("5"))
            #expect(allowed.status == .ok)
        }
        #expect(preferences[\.consoleCups] == 5)
    }

    @Test func onlyItsOwnHostNamesAreAnswered() {
        let guardMiddleware = harness.console.guardMiddleware
        for host in ["localhost", "127.0.0.1:8086", "LOCALHOST:1", "[::1]:8086"] {
            #expect(guardMiddleware.allows(host: host), "\(host)")
        }
        for host in ["attacker.example", "attacker.example:8086", "127.0.0.1.attacker.example", "[::2]:8086", ""] {
            #expect(!guardMiddleware.allows(host: host), "\(host)")
        }
    }

    @Test func everyResponseCarriesARestrictivePolicy() async throws {
        try await harness.run { client in
            for (uri, headers) in [("/", ConsoleHarness.bearer), ("/api/keys", ConsoleHarness.bearer), ("/", [:])] {
                let response = try await client.send(.get, uri, headers: headers)
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"), "\(uri)")
                #expect(policy.contains("frame-ancestors 'none'") && !policy.contains("unsafe-inline"))
                #expect(response.headers[.cacheControl] == "no-store")
                #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            }
        }
    }

    @Test func refusesToListenWhereItIsUnsafe() throws {
        #expect(throws: ConsoleError.self) { try ConsoleConfiguration(host: "0.0.0.0").validate() }
        #expect(throws: ConsoleError.self) { try ConsoleConfiguration(host: "192.0.2.1").validate() }
        #expect(throws: ConsoleError.self) { try ConsoleConfiguration(token: "short").validate() }
        try ConsoleConfiguration(host: "0.0.0.0", allowsPlainHTTPElsewhere: true).validate()
        try ConsoleConfiguration(host: "0.0.0.0", tls: ("cert.pem", "key.pem")).validate()
        try ConsoleConfiguration(host: "::1").validate()
        let generated = ConsoleConfiguration()
        #expect(generated.host == "127.0.0.1" && generated.token.count == 43)
        #expect(generated.token != ConsoleConfiguration().token)
    }

    @Test func tokensCompareWholly() {
        let token = ConsoleToken(text: "abcdefghijklmnop")
        #expect(token.matches("abcdefghijklmnop"))
        for candidate in ["", "abcdefghijklmno", "abcdefghijklmnopq", "abcdefghijklmnoP", "Xbcdefghijklmnop"] {
            #expect(!token.matches(candidate), "\(candidate)")
        }
    }
}
