import Foundation
import Testing

/// Waits until `condition` holds, polling briefly; fails the test if it does not within `seconds`.
@discardableResult
func eventually(
    within seconds: Double = 10,
    _ description: String = "condition",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.001)
    }
    if try condition() { return true }
    Issue.record("\(description) did not hold within \(seconds) s", sourceLocation: sourceLocation)
    return false
}

/// A thread-safe box for values collected by observers.
final class Collected<Element: Sendable>: Sendable {
    private let storage = NSLock()
    nonisolated(unsafe) private var elements: [Element] = []
    func append(_ element: Element) { storage.withLock { elements.append(element) } }
    var all: [Element] { storage.withLock { elements } }
    var count: Int { storage.withLock { elements.count } }
}
