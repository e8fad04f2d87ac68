import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// The page without its script: every key with its editor, plain forms that write through `/edit`, a refused value
/// shown with its reason and nothing written, the filter, the assets served from the binary.
@Suite struct ConsolePageTests {
    let preferences = Preferences(store: InMemoryPreferenceStore())
    var harness: ConsoleHarness {
        ConsoleHarness(settings: DeclaredSettings(keys: ConsoleKeys.all, preferences: preferences, title: "tea-app"))
    }

    @Test func showsEveryKeyWithTheControlItsTypeCallsFor() async throws {
        preferences[\.consoleBrewed] = Date(timeIntervalSinceReferenceDate: 1.5)
        let page = try await harness.run { try await $0.send(.get, "/") }
        #expect(page.status == .ok && page.headers[.contentType] == "text/html; charset=utf-8")
        for name in ConsoleKeys.all.map(\.name) { #expect(page.text.contains(#"data-key="&quot;\#(name)&quot;""#)) }
        #expect(
            page.text.contains(#"<select name="text""#)
                && page.text.contains(#"<option value="&quot;tea&quot;" selected>tea</option>"#))
        #expect(page.text.contains(#"type="number" name="text" step="1" min="-128" max="127" value="0""#))
        #expect(page.text.contains(#"<input type="checkbox" name="text" value="true" checked"#))
        #expect(page.text.contains(#"<textarea name="text" class="json""#))
        #expect(page.text.contains(#"class="exact" value="2001-01-01T00:00:01.5Z""#), "a sub-second date is text")
        #expect(page.text.contains(#"type="password""#))
        #expect(!page.text.contains("<script>") && !page.text.contains(" style=") && !page.text.contains("onclick"))
    }

    @Test func aFormWritesOnlyItsKey() async throws {
        let harness = harness
        preferences[\.consoleCups] = 2
        try await harness.run { client in
            let form = formBody([
                ("csrf", harness.csrf), ("key", #""sugar""#), ("control", "integer"), ("text", "3"),
                ("reason", "sweeter"), ("action", "save"),
            ])
            let response = try await client.send(
                .post, "/edit", headers: harness.page(contentType: "application/x-www-form-urlencoded"), body: form)
            #expect(response.status == .seeOther && response.headers[.location] == "/#key-1")
        }
        #expect(preferences[\.consoleSugar] == 3 && preferences[\.consoleCups] == 2)
    }

    @Test func aRefusedValueShowsTheReasonAndWritesNothing() async throws {
        let harness = harness
        try await harness.run { client in
            let form = formBody([
                ("csrf", harness.csrf), ("key", #""sugar""#), ("control", "integer"), ("text", "500"),
                ("action", "save"),
            ])
            let response = try await client.send(
                .post, "/edit", headers: harness.page(contentType: "application/x-www-form-urlencoded"), body: form)
            #expect(response.status == .unprocessableContent)
            #expect(response.text.contains(#"<p class="error" role="alert">500 is above the largest Int8, 127</p>"#))
        }
        #expect(preferences.source(of: \.consoleSugar) == .defaultValue)
    }

    @Test func theFilterKeepsMatchingKeys() async throws {
        let page = try await harness.run { try await $0.send(.get, "/?q=spoons") }
        #expect(
            page.text.contains(#"data-key="&quot;sugar&quot;""#) && !page.text.contains(#"data-key="&quot;cups&quot;""#)
        )
        let bySource = try await harness.run { try await $0.send(.get, "/?q=default+value") }
        #expect(bySource.text.contains(#"data-key="&quot;cups&quot;""#))
    }

    @Test func theAssetsComeFromTheBinary() async throws {
        try await harness.run { client in
            let script = try await client.send(.get, "/assets/console.js")
            #expect(script.status == .ok && script.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("new EventSource(\"/api/events\")"))
            let style = try await client.send(.get, "/assets/console.css")
            #expect(style.status == .ok && style.text.contains(".switch"))
        }
    }
}
