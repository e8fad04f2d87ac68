// Complete form of samples in: Sources/Prefs/Stores/PreferenceStoreObservers.swift, Sources/Prefs/Stores/PreferenceWriteOrigin.swift
import Foundation
import Prefs

/// A store that reports under its lock and delivers after releasing it.
final class OrderedReportsStore: PreferenceStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: PreferenceValue] = [:]

    private let observers = PreferenceStoreObservers()

    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        observers.add(handler)
    }

    func write(_ changes: PreferenceStoreWrites) throws {
        let origin = PreferenceWriteOrigin.current
        lock.withLock {
            let changed = apply(changes)
            observers.enqueue(PreferenceStoreChange(values: changed, origin: origin))
        }
        observers.deliver()
    }

    func value(forKey key: String) -> PreferenceValue? { lock.withLock { values[key] } }
    func keys() -> [String] { lock.withLock { Array(values.keys) } }
    func flush() {}

    private func apply(_ changes: PreferenceStoreWrites) -> PreferenceStoreWrites {
        let changed = changes.filter { $0.value != values[$0.key] }
        for (key, value) in changed { values[key] = value }
        return changed
    }
}

/// A store whose changes are ordered by its backend, so it reports each at once.
public final class ReportingStore: PreferenceStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: PreferenceValue] = [:]
    private let observers = PreferenceStoreObservers()

    public func write(_ changes: PreferenceStoreWrites) throws {
        let origin = PreferenceWriteOrigin.current
        let changed = try apply(changes)
        observers.report(PreferenceStoreChange(values: changed, origin: origin))
    }

    public func value(forKey key: String) -> PreferenceValue? { lock.withLock { values[key] } }
    public func keys() -> [String] { lock.withLock { Array(values.keys) } }
    public func flush() {}
    public func observeChanges(
        _ handler: @escaping @Sendable (PreferenceStoreChange) -> Void
    ) -> PreferenceObservationToken {
        observers.add(handler)
    }

    private func apply(_ changes: PreferenceStoreWrites) throws -> PreferenceStoreWrites {
        lock.withLock {
            let changed = changes.filter { $0.value != values[$0.key] }
            for (key, value) in changed { values[key] = value }
            return changed
        }
    }
}
