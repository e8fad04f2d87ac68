import Foundation
import HTTPTypes
import HummingbirdTesting
import Prefs
import PrefsEditors
import PrefsTestSupport
import Testing

@testable import PrefsConsole

/// The event stream: changes written to the file by another writer arrive as the keys' names, never a value.
@Suite(.timeLimit(.minutes(scaledMinutes(10)))) struct ConsoleEventsTests {
    @Test func outsideWritesArriveOnTheStream() async throws {
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file())
        let editors = [
            PreferenceEditor(key: AnyPreferenceKey(\.consoleCups)),
            PreferenceEditor(key: AnyPreferenceKey(\.consolePassword)),
        ]
        let settings = StoreSettings(store: store, editors: editors, title: "file")
        let harness = ConsoleHarness(settings: settings)
        let secret = "pa55-\(UUID().uuidString)"
        let other = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        // Another writer, on a thread of its own, changes both keys until the stream has ended: however late the
        // stream subscribes on a busy machine (the request's task can wait minutes for the cooperative pool while the
        // whole suite runs), the changes after it reach it. Each round waits until the console's store has seen the
        // last one, so that the writer never keeps the file's lock from the store's watcher; the suite's time limit,
        // not a deadline here, ends a stream that never comes.
        let streamEnded = Lock(false)
        Thread {
            var round: Int64 = 0
            while !streamEnded.withLock({ $0 }) {
                round += 1
                let password = PreferenceValue.string("\(secret)-\(round)")
                try? other.write(["cups": .integer(round)])
                try? other.write(["password": password])
                while !streamEnded.withLock({ $0 }) && store.value(forKey: "password") != password {
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
        }.start()
        let response = try await harness.run { try await $0.send(.get, "/api/events?limit=4") }
        streamEnded.withLock { $0 = true }
        #expect(response.headers[.contentType] == "text/event-stream; charset=utf-8")
        #expect(response.text.hasPrefix("retry: 1000\nevent: ready\n"))
        #expect(response.text.contains("event: change\ndata: {\"key\":\"cups\"}\n\n"))
        #expect(response.text.contains("event: change\ndata: {\"key\":\"password\"}\n\n"))
        #expect(!response.text.contains(secret))
    }
}
