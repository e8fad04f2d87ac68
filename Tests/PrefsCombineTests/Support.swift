import Foundation
import Prefs
import Testing

extension PreferenceKeys {
    var count: Key<Int> { Key("count", default: 0) }
    var other: Key<Int> { Key("other", default: 0) }
    var name: Key<String> { Key("name", default: "anonymous") }
}

/// Waits until `condition` holds, polling briefly; fails the test if it does not within `seconds`.
func eventually(
    within seconds: Double = 5,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return }
        Thread.sleep(forTimeInterval: 0.001)
    }
    if !condition() { Issue.record("condition did not hold within \(seconds) s", sourceLocation: sourceLocation) }
}

/// A thread-safe list of what a subscriber received.
final class Received<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []
    func append(_ element: Element) { lock.withLock { elements.append(element) } }
    var all: [Element] { lock.withLock { elements } }
}
