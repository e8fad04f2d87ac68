import Foundation
package import Testing

/// How much longer than usual deadlines are: `PREFS_TEST_DEADLINE_SCALE` (default 1). `scripts/sanitizers.sh` sets
/// it, because code under a sanitizer runs several times slower.
package let deadlineScale: Double =
    ProcessInfo.processInfo.environment["PREFS_TEST_DEADLINE_SCALE"]
    .flatMap(Double.init).map { max(1, $0) } ?? 1

/// A suite's time limit in minutes, scaled like every deadline (see ``deadlineScale``).
package func scaledMinutes(_ minutes: Int) -> Int { Int((Double(minutes) * deadlineScale).rounded(.up)) }

/// Waits until `condition` holds, polling briefly; fails the test if it does not within `seconds`.
@discardableResult
package func eventually(
    within seconds: Double = 10,
    _ description: String = "condition",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds * deadlineScale)
    while Date() < deadline {
        if try condition() { return true }
        Thread.sleep(forTimeInterval: 0.001)
    }
    if try condition() { return true }
    Issue.record("\(description) did not hold within \(seconds) s", sourceLocation: sourceLocation)
    return false
}

/// Waits until `condition` holds, suspending (not blocking) between checks, so tasks that must run
/// for the condition to hold are not starved; fails the test if it does not within `seconds`, once it has been
/// checked at least ``minimumChecks`` times.
///
/// The count is what keeps a busy machine from failing the test: when other tests hold every thread of Swift's
/// cooperative pool (synchronous tests run on it), neither this waiter nor the tasks it waits for run, and the
/// deadline can pass without either having had a turn. Each check is a turn of the pool after the one before,
/// so a condition that still fails after that many had every chance to hold.
@discardableResult
package func eventually(
    within seconds: Double = 10,
    _ description: String = "condition",
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds * deadlineScale)
    var checks = 0
    while Date() < deadline || checks < minimumChecks {
        if try condition() { return true }
        checks += 1
        try? await Task.sleep(for: .milliseconds(1))
    }
    if try condition() { return true }
    Issue.record("\(description) did not hold within \(seconds) s", sourceLocation: sourceLocation)
    return false
}

/// How many times the async `eventually` checks its condition
/// before it may fail, however late.
package let minimumChecks = 200

/// Collects the first `count` elements of an async sequence, or fails after `seconds`.
package func first<S: AsyncSequence & Sendable>(
    _ count: Int,
    of sequence: S,
    within seconds: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> [S.Element] where S.Element: Sendable {
    await withTaskGroup(of: [S.Element]?.self) { group in
        group.addTask {
            var collected: [S.Element] = []
            do {
                for try await element in sequence {
                    collected.append(element)
                    if collected.count == count { break }
                }
            } catch {}
            return collected
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds * deadlineScale))
            return nil
        }
        let result = await group.next()!
        group.cancelAll()
        guard let result else {
            Issue.record("fewer than \(count) elements within \(seconds) s", sourceLocation: sourceLocation)
            return []
        }
        return result
    }
}

/// A thread-safe box for values collected by observers.
package final class Collected<Element: Sendable>: Sendable {
    private let storage = NSLock()
    nonisolated(unsafe) private var elements: [Element] = []
    package init() {}
    package func append(_ element: Element) { storage.withLock { elements.append(element) } }
    package var all: [Element] { storage.withLock { elements } }
    package var count: Int { storage.withLock { elements.count } }
}

/// Runs blocking work on a thread of its own and waits for it without blocking.
///
/// Swift Testing runs synchronous tests on the threads that Swift concurrency's tasks share, only as many as there
/// are cores (two here): a test that blocks one for half a minute (a generated run, a child process) leaves async
/// tests without a thread for their tasks, and their deadlines pass. Record issues after it returns: `body` runs
/// outside the test's task.
package func onOwnThread<Value>(_ body: @escaping () throws -> Value) async throws -> Value {
    let work = UncheckedSendable(body)
    return try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { UncheckedSendable(try work.value()) }) }.start()
    }.value
}

/// A value handed to another thread while its owner waits for that thread, so never used by two at once.
package struct UncheckedSendable<Value>: @unchecked Sendable {
    package let value: Value
    package init(_ value: Value) { self.value = value }
}
