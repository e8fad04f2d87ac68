import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsEditors
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// The event stream: a change made by another process's write to the file arrives as the key's name, never a value.
@Suite struct ConsoleEventsTests {
    @Test func anOutsideWriteArrivesOnTheStream() async throws {
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file())
        let editors = [
            PreferenceEditor(key: AnyPreferenceKey(\.consoleCups)),
            PreferenceEditor(key: AnyPreferenceKey(\.consolePassword)),
        ]
        let settings = StoreSettings(store: store, editors: editors, title: "file")
        let harness = ConsoleHarness(settings: settings)
        let secret = "pa55-\(UUID().uuidString)"
        let response = try await harness.run { client in
            async let events = client.send(.get, "/api/events?limit=2")
            let subscribed = await eventually(within: 60, "the stream subscribed") { settings.subscriberCount == 1 }
            let other = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
            try other.write(["cups": .integer(7)])
            try other.write(["password": .string(secret)])
            if !subscribed {  // a stream that subscribed after the writes must still end, so the test does not hang
                var late: Int64 = 0
                await eventually(within: 60, "the late stream ended") {
                    late += 1
                    try? other.write(["late": .integer(late)])
                    return settings.subscriberCount == 0 && late > 2
                }
            }
            return try await events
        }
        #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
        #expect(response.text.hasPrefix("retry: 1000\nevent: ready\n"))
        #expect(response.text.contains("event: change\ndata: {\"key\":\"cups\"}\n\n"))
        #expect(response.text.contains("event: change\ndata: {\"key\":\"password\"}\n\n"))
        #expect(!response.text.contains(secret))
    }
}
