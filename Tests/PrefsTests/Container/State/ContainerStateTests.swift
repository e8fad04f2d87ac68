import Foundation
import Logging
import Testing

@testable import Prefs

/// The container's transitions, fed link updates without threads: what is cached, what is delivered, and which
/// updates are too old to apply.
@Suite struct ContainerStateTests {
    private let countKey = StoredKey(storeID: .default, name: "count")

    /// A state caching `count` at `value` (read at sequence 1), bound to one key path with default 0.
    private func state(count value: PreferenceValue?) -> (ContainerState, TypedKeyBinding<Int>) {
        var state = ContainerState(storeCount: 1)
        let entry = state.cache(countKey, slot: 0, value: value, sequence: 1, override: nil, force: false)!
        let keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Int>> = \.count
        let link = StoreLink.link(to: InMemoryPreferenceStore(), logger: Logger(label: "test"))
        let binding = TypedKeyBinding(
            keyPath: keyPath, key: PreferenceKeys()[keyPath: keyPath], entry: entry, link: link, storedDefault: 0)
        _ = state.keys.insert(binding, as: KeyPathID(keyPath: keyPath))
        return (state, binding)
    }

    @Test func anUpdateChangesTheCacheAndQueuesOneDelivery() {
        var (state, binding) = state(count: 1)
        binding.decoded = DecodedValue(1)
        let (deliver, shadowed) = state.apply(
            .init(values: ["count": 2, "other": 3], sequence: 2), from: .default, slot: 0, written: nil, keyPrefix: "")
        #expect(deliver && shadowed == nil)
        #expect(binding.entry.value == 2 && binding.decoded == nil, "the decoded value is invalidated")
        let items = state.deliveries.next()
        #expect(items?.count == 1, "keys the container does not cache are not delivered")
    }

    @Test func anOlderUpdateNeverUndoesANewerOne() {
        var (state, binding) = state(count: 1)
        _ = state.apply(.init(values: ["count": 5], sequence: 7), from: .default, slot: 0, written: nil, keyPrefix: "")
        _ = state.apply(.init(values: ["count": 4], sequence: 6), from: .default, slot: 0, written: nil, keyPrefix: "")
        #expect(binding.entry.value == 5 && binding.entry.sequence == 7)
    }

    @Test func theSameValueOrAnOverriddenKeyWakesNoOne() {
        var (state, binding) = state(count: .double(.nan))
        #expect(state.change(binding.entry, to: .double(.nan), sequence: 2) == nil)
        var overridden = ContainerState(storeCount: 1)
        let entry = overridden.cache(
            countKey, slot: 0, value: 1, sequence: 1,
            override: PreferenceOverride(value: 9, source: .override(layer: "test", name: "COUNT")), force: false)!
        #expect(overridden.change(entry, to: 2, sequence: 2) == nil)
        #expect(entry.value == 2, "the stored value is kept under the override")
    }

    @Test func writingTheDefaultWhereNothingWasStoredWakesNoOne() {
        var (state, binding) = state(count: nil)
        #expect(state.change(binding.entry, to: 0, sequence: 2) == nil)
        #expect(state.change(binding.entry, to: nil, sequence: 3) == nil)
        #expect(state.change(binding.entry, to: 1, sequence: 4) != nil)
    }

    @Test func aLocalWriteCachesItsOwnTypedValue() {
        var (state, binding) = state(count: 1)
        let box = DecodedValue(2)
        let written = LocalWrite(containerID: ObjectIdentifier(NSObject()), binding: binding, decoded: box)
        let item = state.change(binding.entry, to: 2, sequence: 2, written: written)
        #expect(binding.decoded === box)
        guard case .tracked(let entry)? = item else {
            Issue.record("a change of a key without observers is delivered to Observation only")
            return
        }
        #expect(entry === binding.entry)
    }

    @Test func aFirstReadOlderThanAnUpdateThatArrivedIsRefusedUnlessForced() {
        var state = ContainerState(storeCount: 1)
        _ = state.apply(.init(values: ["count": 5], sequence: 4), from: .default, slot: 0, written: nil, keyPrefix: "")
        #expect(state.cache(countKey, slot: 0, value: 1, sequence: 3, override: nil, force: false) == nil)
        #expect(state.cache(countKey, slot: 0, value: 5, sequence: 4, override: nil, force: false)?.value == 5)
    }

    @Test func observersOfEveryKeyHearUncachedKeysUnderThePrefix() {
        var state = ContainerState(storeCount: 1)
        _ = state.observers.addKeyNameObserver(KeyNameObserver(notify: { _ in }, finish: {}))
        let (deliver, _) = state.apply(
            .init(values: ["app.theme": "dark", "other.theme": "x"], sequence: 1), from: .default, slot: 0,
            written: nil,
            keyPrefix: "app.")
        #expect(deliver)
        guard case .name(let name)? = state.deliveries.next()?.first, state.deliveries.next() == nil else {
            Issue.record("expected one name delivery")
            return
        }
        #expect(name == "app.theme")
    }
}
