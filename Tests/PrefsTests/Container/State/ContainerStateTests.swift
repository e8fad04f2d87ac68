import Foundation
import Testing

@testable import Prefs

/// The container's transitions, fed events without threads or stores: what is cached, what is delivered, what
/// Observation is told, and which reads or updates are too old to apply.
@Suite struct ContainerStateTests {
    private let countKey = PreferenceKeys().count

    /// A first read of `key` (`count` unless given) that read `value` at `sequence`.
    private func firstRead(
        _ value: PreferenceValue?, sequence: UInt64 = 1, override: PreferenceOverride? = nil,
        key: PreferenceKeys.Key<Int>? = nil, slot: Int = 0
    ) -> FirstRead {
        let key = key ?? countKey
        let typed = TypedKey(key)
        let visible = override?.value ?? value
        let identity = KeyIdentity(key)
        return FirstRead(
            unbound: UnboundKey(identity: identity, contentTag: identity.contentTag, boundBefore: 0), key: typed,
            slot: slot, name: key.name, value: value,
            sequence: sequence,
            override: override, decoded: typed.decode(visible, reportingTo: nil, as: key.name))
    }

    /// A state with `count` bound, read at `value` (sequence 1).
    private func state(
        count value: PreferenceValue?, override: PreferenceOverride? = nil
    ) -> (ContainerState, BindingID) {
        var state = ContainerState(readsThrough: [false])
        guard case .cached(let binding, _, _)? = state.bind(firstRead(value, override: override), force: false) else {
            preconditionFailure("a first read binds the key path with its decoded value")
        }
        return (state, binding)
    }

    private func cachedValue(_ state: inout ContainerState, _ binding: BindingID) -> Int? {
        guard case .cached(_, let box, _) = state.read(binding) else { return nil }
        return TypedKey<Int>.value(in: box)
    }

    private let observer = Observer(notify: { _, _ in }, finish: nil)

    @Test func aFirstReadBindsTheKeyAndLaterReadsFindItByItsBitsOrItsContents() {
        var (state, binding) = state(count: 3)
        #expect(cachedValue(&state, binding) == 3)
        #expect(state.read(KeyIdentity(countKey)).binding == binding)
        #expect(state.writeTarget(matching: KeyIdentity(PreferenceKeys().count))?.binding == binding)
        // Keys that differ in name, type, store or variant are other keys.
        for other in [
            KeyIdentity(PreferenceKeys().otherCount),
            KeyIdentity(PreferenceKeys.Key<Int>("count", default: 0, store: .second)),
            KeyIdentity(PreferenceKeys.Key<String>("count", default: "")),
            KeyIdentity(
                PreferenceKeys.Key<Int>(
                    name: "count", defaultValue: 0, storeID: .default, formerNames: [], notes: nil,
                    encode: { .integer(Int64($0)) }, decode: { _ in 0 }, variant: 1)),
        ] {
            guard case .unbound = state.read(other) else {
                Issue.record("\(other) is another key: unbound")
                return
            }
        }
    }

    @Test func aNameMadeAtRunTimeIsFoundByItsContentsThenByItsBits() {
        let literal = PreferenceKeys.Key<Int>("a.name.longer.than.fifteen.bytes", default: 0)
        var state = ContainerState(readsThrough: [false])
        guard let binding = state.bind(firstRead(1, key: literal), force: false)?.binding else {
            preconditionFailure("a first read binds the key")
        }
        let madeAtRunTime = PreferenceKeys.Key<Int>(
            ["a.name.longer", "than.fifteen.bytes"].joined(separator: "."), default: 0)
        #expect(StringBits(madeAtRunTime.name) != StringBits(literal.name))
        #expect(state.writeTarget(matching: KeyIdentity(madeAtRunTime)) == nil, "not known by its bits yet")
        #expect(state.read(KeyIdentity(madeAtRunTime)).binding == binding)
        #expect(state.writeTarget(matching: KeyIdentity(madeAtRunTime))?.binding == binding, "now known by its bits")
    }

    @Test func anUpdateOfAnObservedKeyInvalidatesItsDecodedValueAndQueuesOneDelivery() {
        var (state, binding) = state(count: 1)
        _ = state.addObserver(observer, of: binding, initial: false)
        let action = state.apply(
            .init(values: ["count": 2, "other": 3], sequence: 2), slot: 0, written: nil)
        #expect(action.delivery != nil && action.observed.isEmpty)
        #expect(state.storedValue(of: binding).value == 2)
        guard case .decode(let request) = state.read(binding) else {
            Issue.record("the decoded value is invalidated: the next read decodes")
            return
        }
        #expect(request.visible == 2)
        guard case .key(let delivery)? = action.delivery?.kind, state.nextDelivery(caching: nil) == nil else {
            Issue.record("one delivery: keys the container does not cache are not delivered")
            return
        }
        #expect(delivery.old == 1 && delivery.new.visible == 2 && delivery.observers.count == 1)
    }

    @Test func aKeyNobodyObservesIsToldToObservationAloneWithoutTheQueue() {
        var (state, _) = state(count: 1)
        let action = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        #expect(action.delivery == nil && !action.observed.isEmpty)
        #expect(state.nextDelivery(caching: nil) == nil)
    }

    @Test func anOlderUpdateNeverUndoesANewerOne() {
        var (state, binding) = state(count: 1)
        _ = state.apply(.init(values: ["count": 5], sequence: 7), slot: 0, written: nil)
        let older = state.apply(.init(values: ["count": 4], sequence: 6), slot: 0, written: nil)
        #expect(state.storedValue(of: binding).value == 5 && older.observed.isEmpty && older.delivery == nil)
    }

    @Test func theSameValueOrAnOverriddenKeyWakesNoOne() {
        var (state, _) = state(count: .double(.nan))
        let same = state.apply(
            .init(name: "count", value: .double(.nan), sequence: 2), slot: 0, written: nil)
        #expect(same.observed.isEmpty && same.delivery == nil)
        let override = PreferenceOverride(value: 9, source: .override(layer: "test", name: "COUNT"))
        var (overridden, binding) = self.state(count: 1, override: override)
        #expect(cachedValue(&overridden, binding) == 9)
        let shadowed = overridden.apply(
            .init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        #expect(shadowed.observed.isEmpty && shadowed.delivery == nil)
        #expect(overridden.storedValue(of: binding).value == 2, "the stored value is kept under the override")
        #expect(cachedValue(&overridden, binding) == 9)
    }

    @Test func writingTheDefaultWhereNothingWasStoredWakesNoOne() {
        var (state, _) = state(count: nil)
        let zero = state.apply(.init(name: "count", value: 0, sequence: 2), slot: 0, written: nil)
        let removed = state.apply(.init(name: "count", value: nil, sequence: 3), slot: 0, written: nil)
        let one = state.apply(.init(name: "count", value: 1, sequence: 4), slot: 0, written: nil)
        #expect(zero.observed.isEmpty && removed.observed.isEmpty && !one.observed.isEmpty)
    }

    @Test func aLocalWriteCachesItsOwnTypedValue() {
        var (state, binding) = state(count: 1)
        let written = LocalWrite(
            binding: binding, decoded: Decoded(.box(DecodedValue(2)), usedDefault: false),
            valueChangesSeen: state.writeTarget(binding).valueChanges)
        let action = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: written)
        #expect(!action.observed.isEmpty, "a change of a key without observers is told to Observation only")
        guard case .cached(_, .box(let box), _) = state.read(binding), case .box(let writtenBox) = written.decoded.value
        else {
            Issue.record("the written value is cached without decoding")
            return
        }
        #expect(ObjectIdentifier(box) == ObjectIdentifier(writtenBox))
    }

    @Test func aLocalWriteThatAnotherChangeOvertookIsComparedAgain() {
        var (state, binding) = state(count: 1)
        let target = state.writeTarget(binding)  // the writer finds 1, and writes 2
        let written = LocalWrite(
            binding: binding, decoded: Decoded(.box(DecodedValue(2)), usedDefault: false),
            valueChangesSeen: target.valueChanges)
        let outside = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        let local = state.apply(.init(name: "count", value: 2, sequence: 3), slot: 0, written: written)
        #expect(!outside.observed.isEmpty)
        #expect(local.isEmpty, "the write changes nothing readers see: the outside change already set 2")
    }

    @Test func aLocalWriteOvertakenAtTheSameSequenceNumberIsComparedAgain() {
        // A read-through store's read changes the cached value without a newer sequence number.
        var state = ContainerState(readsThrough: [true])
        guard case .readThrough(let binding)? = state.bind(firstRead(1), force: false) else {
            Issue.record("every read of a read-through store's key asks the store")
            return
        }
        let target = state.writeTarget(binding)  // the writer finds 1 at sequence 1, and writes 2
        let read = state.readThrough(binding, value: 2, sequence: 1)
        let written = LocalWrite(
            binding: binding, decoded: Decoded(.box(DecodedValue(2)), usedDefault: false),
            valueChangesSeen: target.valueChanges)
        let local = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: written)
        #expect(!read.isEmpty)
        #expect(local.isEmpty, "the write changes nothing readers see: the store's read already set 2")
    }

    @Test func aReadThroughOneKeyPathOfAStoredKeyChangesEveryRowOfIt() {
        // One read-through store under two IDs is one slot: the key paths of both are rows of one stored key.
        var state = ContainerState(readsThrough: [true])
        let other = PreferenceKeys.Key<Int>("count", default: 0, store: PreferenceStoreID("second"))
        guard case .readThrough(let first)? = state.bind(firstRead(1), force: false),
            case .readThrough(let second)? = state.bind(firstRead(1, key: other), force: false)
        else {
            Issue.record("every read of a read-through store's key asks the store")
            return
        }
        #expect(!state.readThrough(second, value: 2, sequence: 1).isEmpty)
        #expect(state.storedValue(of: first).value == 2, "the other key path's row follows the read")
        let target = state.writeTarget(first)  // the writer finds 2, and writes 1
        let written = LocalWrite(
            binding: first, decoded: Decoded(.box(DecodedValue(1)), usedDefault: false),
            valueChangesSeen: target.valueChanges)
        #expect(!state.apply(.init(name: "count", value: 1, sequence: 2), slot: 0, written: written).isEmpty)
        #expect(state.storedValue(of: second).value == 1, "and the writer's change")
    }

    @Test func aFirstReadOlderThanAnUpdateThatArrivedIsRefusedUnlessForced() {
        var state = ContainerState(readsThrough: [false])
        _ = state.apply(.init(values: ["count": 5], sequence: 4), slot: 0, written: nil)
        let stale = state.bind(firstRead(1, sequence: 3), force: false)
        #expect(stale == nil)
        guard case .cached(let binding, let box, _)? = state.bind(firstRead(5, sequence: 4), force: false) else {
            Issue.record("a read as new as the last update binds")
            return
        }
        #expect(TypedKey<Int>.value(in: box) == 5 && state.storedValue(of: binding).value == 5)
        var forced = ContainerState(readsThrough: [false])
        _ = forced.apply(.init(values: ["count": 5], sequence: 4), slot: 0, written: nil)
        let kept = forced.bind(firstRead(1, sequence: 3), force: true)
        #expect(kept != nil)
    }

    @Test func aKeyOfAStoreThatIsReadThroughAsksTheStore() {
        var state = ContainerState(readsThrough: [true])
        guard case .readThrough(let binding)? = state.bind(firstRead(1), force: false) else {
            Issue.record("every read of a read-through store's key asks the store")
            return
        }
        let action = state.readThrough(binding, value: 4, sequence: 1)
        #expect(!action.observed.isEmpty)
        guard case .decode(let request) = state.readAfterReadingThrough(binding) else {
            Issue.record("the value the store holds now is decoded")
            return
        }
        #expect(request.visible == 4)
    }

    @Test func aRemovedObserverHearsNothingMore() {
        var (state, binding) = state(count: 1)
        let (id, _, claimed) = state.addObserver(observer, of: binding, initial: false)
        #expect(claimed == nil, "nothing to deliver without a first value")
        state.removeObserver(id, of: binding)
        state.removeObserver(id, of: binding)  // a second removal (a token cancelled, then released) does nothing
        let action = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        #expect(action.delivery == nil, "nobody observes the key")
    }

    @Test func aNewObserversFirstValueIsQueuedBeforeLaterChanges() {
        var (state, binding) = state(count: 1)
        let (_, current, claimed) = state.addObserver(observer, of: binding, initial: true)
        #expect(current.decoded.map { TypedKey<Int>.value(in: $0.value) } == 1)
        let action = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        #expect(action.delivery == nil, "the deliverer that claimed the queue delivers the change too")
        guard case .initial(let current, _)? = claimed?.kind, case .key? = state.nextDelivery(caching: nil)?.kind else {
            Issue.record("the first value, then the change")
            return
        }
        #expect(current.decoded.map { TypedKey<Int>.value(in: $0.value) } == 1)
    }

    @Test func whatTheDelivererDecodedIsCachedOnlyWhileTheKeyHoldsIt() {
        var (state, binding) = state(count: 1)
        _ = state.addObserver(observer, of: binding, initial: false)
        let toTwo = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        _ = state.apply(.init(name: "count", value: 3, sequence: 3), slot: 0, written: nil)  // while 2 is delivered
        guard case .key? = toTwo.delivery?.kind else {
            Issue.record("the change to 2 is handed to the deliverer")
            return
        }
        let toThree = state.nextDelivery(caching: Decoded(DecodedStorage(2), usedDefault: false))
        #expect(cachedValue(&state, binding) == nil, "decoded before the change to 3: not cached")
        guard case .key? = toThree?.kind else {
            Issue.record("then the change to 3")
            return
        }
        #expect(state.nextDelivery(caching: Decoded(DecodedStorage(3), usedDefault: false)) == nil)
        #expect(cachedValue(&state, binding) == 3)
    }

    /// `count` declared again, as another key (another variant): another key path of the same stored key.
    private func countVariant(_ variant: UInt, default value: Int) -> PreferenceKeys.Key<Int> {
        PreferenceKeys.Key<Int>(
            name: "count", defaultValue: value, storeID: .default, formerNames: [], notes: nil,
            encode: { .integer(Int64($0)) },
            decode: { stored in
                guard case .integer(let number) = stored else { throw CocoaError(.coderInvalidValue) }
                return Int(number)
            }, variant: variant)
    }

    /// `count` declared a second time, with the default 7.
    private var countAgain: PreferenceKeys.Key<Int> { countVariant(1, default: 7) }

    @Test func twoKeyPathsOfOneStoredKeyShareItsValueAndEachTellsItsOwnObservers() {
        var (state, binding) = state(count: 1)
        _ = state.apply(.init(name: "count", value: 2, sequence: 2), slot: 0, written: nil)
        // Read at 1 before the update: the second key path takes the value the first one holds.
        guard let again = state.bind(firstRead(1, key: countAgain), force: false)?.binding,
            case .decode(let request) = state.read(again)
        else {
            Issue.record("the second key path binds, and decodes the newer value")
            return
        }
        #expect(again != binding && request.visible == 2 && state.storedValue(of: again).value == 2)
        _ = state.addKeyNameObserver(KeyNameObserver(notify: { _ in }, finish: {}))
        let (firstID, _, _) = state.addObserver(observer, of: binding, initial: false)
        let (againID, _, _) = state.addObserver(observer, of: again, initial: false)
        let action = state.apply(.init(name: "count", value: 3, sequence: 3), slot: 0, written: nil)
        guard case .key(let first)? = action.delivery?.kind,
            case .key(let second)? = state.nextDelivery(caching: nil)?.kind,
            state.nextDelivery(caching: nil) == nil
        else {
            Issue.record("one delivery for each key path's observers")
            return
        }
        let observersByRow = Dictionary(
            uniqueKeysWithValues: [first, second].map { ($0.new.binding, $0.observers.map(\.id)) })
        #expect(observersByRow == [binding: [firstID], again: [againID]])
        #expect(
            first.keyNameObservers.count == 1 && second.keyNameObservers.isEmpty,
            "the names' observers hear the stored key once")
        #expect(state.storedValue(of: binding).value == 3 && state.storedValue(of: again).value == 3)
    }

    @Test func aRingOfThreeKeyPathsTakesAChangeThroughAnyOfThemWithTheWritersTypedValue() {
        var (state, binding) = state(count: 1)
        guard let again = state.bind(firstRead(1, key: countAgain), force: false)?.binding,
            let last = state.bind(firstRead(1, key: countVariant(2, default: 9)), force: false)?.binding
        else {
            Issue.record("three key paths of one stored key bind")
            return
        }
        // The last key path writes 5: the update reaches the ring through the writer's row, not the first one.
        let written = LocalWrite(
            binding: last, decoded: Decoded(.box(DecodedValue(5)), usedDefault: false),
            valueChangesSeen: state.writeTarget(last).valueChanges)
        let action = state.apply(.init(name: "count", value: 5, sequence: 2), slot: 0, written: written)
        #expect([binding, again, last].allSatisfy { state.storedValue(of: $0).value == 5 })
        var told = 0
        action.observed.forEach { _ in told += 1 }
        #expect(told == 3, "Observation hears each key path")
        guard case .cached(_, .box(let box), _) = state.read(last), case .box(let writtenBox) = written.decoded.value,
            case .decode = state.read(binding), case .decode = state.read(again)
        else {
            Issue.record("the writer's key path caches its typed value; the others decode the new one")
            return
        }
        #expect(ObjectIdentifier(box) == ObjectIdentifier(writtenBox))
        let same = state.apply(.init(name: "count", value: 5, sequence: 3), slot: 0, written: nil)
        #expect(same.isEmpty, "the same value again wakes no one")
    }

    @Test func aKeyPathWhoseReadersSeeNoChangeWakesNoOneWhileAnotherOfItsKeyDoes() {
        var (state, binding) = state(count: nil)  // reads 0, the default
        guard let again = state.bind(firstRead(nil, key: countAgain), force: false)?.binding else {
            Issue.record("the second key path binds")  // reads 7, its default
            return
        }
        _ = state.addObserver(observer, of: again, initial: false)
        let action = state.apply(.init(name: "count", value: 0, sequence: 2), slot: 0, written: nil)
        guard case .key(let delivery)? = action.delivery?.kind, state.nextDelivery(caching: nil) == nil else {
            Issue.record("the second key path's readers see 7 become 0")
            return
        }
        #expect(delivery.new.binding == again && action.observed.isEmpty, "the first one's readers saw 0 and see 0")
        #expect(state.storedValue(of: binding).value == 0)
    }

    @Test func aChangeIsToldToTheObserversOfEveryKeyThatExistedWhenItWasMade() {
        var (state, binding) = state(count: 1)
        let before = state.addKeyNameObserver(KeyNameObserver(notify: { _ in }, finish: {}))
        let (_, _, claimed) = state.addObserver(observer, of: binding, initial: true)  // claims the queue
        _ = state.apply(.init(values: ["count": 2, "uncached": 3], sequence: 2), slot: 0, written: nil)
        let after = state.addKeyNameObserver(KeyNameObserver(notify: { _ in }, finish: {}))
        #expect(before != after)
        guard case .initial? = claimed?.kind else {
            Issue.record("the first value comes first")
            return
        }
        var told: [[UInt64]] = []  // the cached key's change and the uncached key's name, in the update's order
        while let item = state.nextDelivery(caching: nil) {
            switch item.kind {
            case .key(let change): told.append(change.keyNameObservers.map(\.id))
            case .name(_, _, let observers): told.append(observers.map(\.id))
            case .initial: Issue.record("one first value")
            }
        }
        #expect(told == [[before], [before]])
    }

    @Test func observersOfEveryKeyHearUncachedKeysUnderThePrefix() {
        var state = ContainerState(readsThrough: [false], keyPrefix: "app.")
        _ = state.addKeyNameObserver(KeyNameObserver(notify: { _ in }, finish: {}))
        let action = state.apply(
            .init(values: ["app.theme": "dark", "other.theme": "x"], sequence: 1), slot: 0, written: nil)
        guard case .name(let name, nil, _)? = action.delivery?.kind, state.nextDelivery(caching: nil) == nil else {
            Issue.record("expected one name delivery")
            return
        }
        #expect(name == "app.theme")
    }
}
