// Complete form of samples in: Sources/PrefsTesting/Generated/PreferenceValueGenerator.swift, Sources/PrefsTesting/Generated/PreferenceValueShrinker.swift, Sources/PrefsTesting/PreferenceStoreConformance.swift, Sources/PrefsTesting/TestPreferenceStore.swift
import Foundation
import Prefs
import PrefsTesting
import Testing

@Test func generatedValuesRoundTrip() throws {
    let store: any PreferenceStore = InMemoryPreferenceStore()
    var generator = PreferenceValueGenerator(seed: PreferenceValueGenerator.environmentSeed)
    for _ in 0..<PreferenceValueGenerator.caseCount(1_000) {
        let key = generator.key()
        let value = generator.value()
        try store.write([key: value])
        // … read it back and compare with `PreferenceValueGenerator.isSameStoredValue(_:_:)`
    }
}

func shrink(_ value: PreferenceValue) {
    let minimal = PreferenceValueShrinker.shrink(value) { candidate in try !roundTrips(candidate) }
}

@Test func myStoreConforms() throws {
    try PreferenceStoreConformance.check(makeStore: { try MyStore(path: tempPath()) })
}

@Test func testStore() {
    let store = TestPreferenceStore()
    let prefs = Preferences(store: store)
    store.failWrites(with: TestPreferenceStore.Failure("disk full"))
    prefs[\.theme] = .dark                    // reverts to the stored value, reported in the log
    store.simulateOutsideChange(["theme": "light"])   // as if another process had written it
}

// What the samples above use and do not show.
func roundTrips(_ value: PreferenceValue) throws -> Bool { true }
func tempPath() -> String { NSTemporaryDirectory() + UUID().uuidString }
final class MyStore: PreferenceStore {
    private let backing = InMemoryPreferenceStore()
    init(path: String) throws {}
    func value(forKey key: String) throws -> PreferenceValue? { backing.value(forKey: key) }
    func write(_ changes: PreferenceStoreWrites) throws { backing.write(changes) }
    func keys() throws -> [String] { backing.keys() }
    func flush() throws {}
    func observeChanges(_ handler: @escaping @Sendable (PreferenceStoreChange) -> Void) -> PreferenceObservationToken {
        backing.observeChanges(handler)
    }
}
enum Theme: String, Sendable { case system, light, dark }
extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }
}
