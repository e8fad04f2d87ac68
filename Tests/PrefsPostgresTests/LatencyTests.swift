import Dispatch
import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// How long a write in one instance takes to reach an observer in another, and how many writes
/// and transactions per second one instance commits. Prints the figures, and checks what does not depend on the
/// machine's load: every value arrives, in order. The 50 ms target of the median is the benchmark's
/// (`Postgres.write-to-other-instance` in Benchmarks/), with its checked-in limit: a busy machine made it 87 ms here.
@Suite(.requiresPostgreSQL, .serialized, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct LatencyTests {
    @Test func writeToObserverLatencyAcrossTwoInstances() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        let (reader, _) = try fleet.instance()
        let arrivals = Arrivals()
        let token = reader.observe(\.[int: "latency"]) { arrivals.record($0.newValue) }

        var samples: [Double] = []
        let warmUp = 20
        let count = 300
        for value in 1...(warmUp + count) {
            let start = DispatchTime.now().uptimeNanoseconds
            writer[\.[int: "latency"]] = value
            guard let arrival = arrivals.wait(for: value, timeout: 5 * deadlineScale) else {
                Issue.record("value \(value) did not reach the other instance within \(5 * deadlineScale) s")
                return
            }
            if value > warmUp { samples.append(Double(arrival - start) / 1e6) }
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int(Double(samples.count) * 0.99))]
        print(
            "[PrefsPostgres] write → observer in another instance, \(count) sequential writes: median "
                + "\(Self.format(median)) ms, p99 \(Self.format(p99)) ms, max \(Self.format(samples.last!)) ms")
        withExtendedLifetime(token) {}
    }

    @Test func throughputOfWritesAndTransactions() throws {
        let fleet = try Fleet()
        let (writer, _) = try fleet.instance()
        let (reader, _) = try fleet.instance()
        for key in 0..<100 { _ = reader[\.[int: "t\(key)"]] }

        // Subscript writes: cached at once, committed behind in coalesced batches.
        let writes = 20_000
        let start = Date()
        for index in 0..<writes { writer[\.[int: "t\(index % 100)"]] = index }
        let accepted = Date().timeIntervalSince(start)
        try writer.flush()
        let committed = Date().timeIntervalSince(start)
        #expect(eventually(within: 30, "the reader sees the last writes") { reader[\.[int: "t99"]] == writes - 1 })
        let seen = Date().timeIntervalSince(start)

        // Transactions: each a round trip under the namespace lock.
        let updates = 500
        let transactionStart = Date()
        for _ in 0..<updates { writer.update(\.counter) { $0 += 1 } }
        let transactionTime = Date().timeIntervalSince(transactionStart)
        #expect(writer[\.counter] == updates)

        // Separate commits: every write flushed before the next.
        let flushed = 300
        let flushStart = Date()
        for index in 0..<flushed {
            writer[\.[int: "f"]] = index
            try writer.flush()
        }
        let flushTime = Date().timeIntervalSince(flushStart)

        print(
            "[PrefsPostgres] throughput: \(writes) subscript writes to 100 keys accepted in \(Self.format(accepted * 1000)) ms, "
                + "committed in \(Self.format(committed * 1000)) ms (\(Int(Double(writes) / committed)) writes/s), "
                + "seen by another instance after \(Self.format(seen * 1000)) ms; "
                + "\(updates) update transactions: \(Int(Double(updates) / transactionTime))/s; "
                + "write+flush each: \(Int(Double(flushed) / flushTime))/s")
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}

/// When each value reached the observer.
private final class Arrivals: @unchecked Sendable {
    private let condition = NSCondition()
    private var times: [Int: UInt64] = [:]

    func record(_ value: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        condition.withLock {
            times[value] = now
            condition.broadcast()
        }
    }

    func wait(for value: Int, timeout: TimeInterval) -> UInt64? {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while times[value] == nil, condition.wait(until: deadline) {}
            return times[value]
        }
    }
}
