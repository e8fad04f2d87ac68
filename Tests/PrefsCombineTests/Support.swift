import Foundation
import Prefs
import Testing

extension PreferenceKeys {
    var count: Key<Int> { Key("count", default: 0) }
    var other: Key<Int> { Key("other", default: 0) }
    var name: Key<String> { Key("name", default: "anonymous") }
}

/// A thread-safe list of what a subscriber received.
final class Received<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var elements: [Element] = []
    func append(_ element: Element) { lock.withLock { elements.append(element) } }
    var all: [Element] { lock.withLock { elements } }
}
