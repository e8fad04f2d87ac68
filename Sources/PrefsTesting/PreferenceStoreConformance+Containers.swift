import Foundation
public import Prefs

extension PreferenceKeys {
    /// A key for any stored value, by name: what the generated container checks read and write.
    fileprivate subscript(generated name: String) -> Key<PreferenceValue?> { Key(name) }
}

extension PreferenceStoreConformance {
    /// Writes generated values through one container and checks what a second container on the
    /// same store, and a fresh one after a reopen, make of them:
    ///
    /// - the writer's observer is called once, and not again for a second, equal write;
    /// - the other container's observer is called once, with the value written, and never spuriously;
    /// - a fresh container reads the value back exactly, within `readDeadline` (a read that never
    ///   returns is reported, not waited for: it is left running on its own thread).
    ///
    /// - Parameters:
    ///   - store: The store (only generated keys are touched, and reset at the end of each case).
    ///   - reopen: Opens a new store on the same backing data, after `flush()`; nil reads through `store`.
    ///   - profile: What the store can hold.
    ///   - seed: The run's seed.
    ///   - cases: How many values to write.
    ///   - readDeadline: How long one read, or one outside change, may take.
    /// - Returns: The report.
    /// - Throws: An error of the store.
    public static func generatedContainerRoundTrips(
        _ store: any PreferenceStore,
        reopen: ((any PreferenceStore) throws -> any PreferenceStore)? = nil,
        profile: PreferenceValueGenerator.Profile = .everything,
        seed: UInt64 = PreferenceValueGenerator.environmentSeed,
        cases: Int = PreferenceValueGenerator.caseCount(100),
        readDeadline: Duration = .seconds(10)
    ) throws -> GeneratedReport {
        var generator = PreferenceValueGenerator(seed: seed, profile: profile)
        let writer = Preferences(store: store)
        let reader = Preferences(store: store)
        let barrierKey = "prefs-testing.barrier.\(PreferenceValueGenerator.seedText(seed))"
        let barrierSeen = Lock<PreferenceValue?>(nil)
        let barrierToken = reader.observe(\.[generated: barrierKey]) { change in
            barrierSeen.withLock { $0 = change.newValue }
        }
        defer { barrierToken.cancel() }
        var failures: [GeneratedFailure] = []
        var used: Set<String> = [barrierKey]
        for index in 0..<cases {
            // A fresh key each case: a reset from an earlier case may still be on its way to the other container.
            let key = generator.key()
            guard used.insert(key).inserted, writer[\.[generated: key]] == nil else { continue }
            let value = generator.value()
            func failure(_ check: String, read: PreferenceValue?, _ detail: String? = nil) -> GeneratedFailure {
                GeneratedFailure(
                    seed: seed, caseIndex: index, check: check, key: key, written: value, read: read, detail: detail)
            }
            let writerCalls = Lock<[PreferenceValue?]>([])
            let readerCalls = Lock<[PreferenceValue?]>([])
            let writerToken = writer.observe(\.[generated: key]) { change in
                writerCalls.withLock { $0.append(change.newValue) }
            }
            let readerToken = reader.observe(\.[generated: key]) { change in
                readerCalls.withLock { $0.append(change.newValue) }
            }
            defer {
                writerToken.cancel()
                readerToken.cancel()
            }
            writer[\.[generated: key]] = value
            writer[\.[generated: key]] = value
            let calls = writerCalls.withLock { $0 }
            if calls.count != 1 {
                failures.append(
                    failure(
                        "equal write", read: calls.last ?? nil,
                        "woke the writer's observer \(calls.count) times for one change"))
            }
            try writer.flush()
            // Everything the store reported before the barrier has reached the reader once the barrier has.
            writer[\.[generated: barrierKey]] = .integer(Int64(index))
            try writer.flush()
            if !waitUntil(readDeadline, { barrierSeen.withLock { $0 } == .integer(Int64(index)) }) {
                failures.append(failure("observer", read: nil, "the other container never saw a change of another key"))
            }
            let seen = readerCalls.withLock { $0 }
            if seen.count != 1 || !PreferenceValueGenerator.isSameStoredValue(value, seen.first ?? nil) {
                let shown = seen.map { PreferenceValueGenerator.exactDescription(of: $0) }.joined(separator: ", ")
                failures.append(
                    failure("observer", read: seen.last ?? nil, "woke the other container's observer with [\(shown)]"))
            }
            let fresh = Preferences(stores: [.default: try reopen?(store) ?? store])
            switch readWithin(readDeadline, { fresh[\.[generated: key]] }) {
            case .timedOut:
                let detail = "was read by a fresh container in no less than \(readDeadline): a read that never returns"
                failures.append(failure("fresh read", read: nil, detail))
                return GeneratedReport(seed: seed, cases: index + 1, failures: failures)  // its thread keeps spinning
            case .returned(let read) where !PreferenceValueGenerator.isSameStoredValue(value, read):
                failures.append(failure("fresh read", read: read))
            case .returned: break
            }
            writer[\.[generated: key]] = nil
        }
        try writer.flush()
        return GeneratedReport(seed: seed, cases: cases, failures: failures)
    }

    /// Polls `condition` until it holds or `deadline` passes.
    static func waitUntil(_ deadline: Duration, _ condition: () -> Bool) -> Bool {
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        while clock.now < end {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.000_5)
        }
        return condition()
    }

    /// What a read under a deadline gave.
    enum TimedRead<Value: Sendable>: Sendable {
        case returned(Value)
        case timedOut
    }

    /// Runs `read` on its own thread and returns its result, unless it has not returned within
    /// `deadline` (the thread is then left running: a read cannot be cancelled).
    static func readWithin<Value: Sendable>(
        _ deadline: Duration, _ read: @escaping @Sendable () -> Value
    ) -> TimedRead<Value> {
        let result = Lock<TimedRead<Value>>(.timedOut)
        let done = DispatchSemaphore(value: 0)
        Thread {
            let value = read()
            result.withLock { $0 = .returned(value) }
            done.signal()
        }.start()
        let (seconds, attoseconds) = deadline.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        guard done.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return .timedOut }
        return result.withLock { $0 }
    }
}
