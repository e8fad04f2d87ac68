import Foundation
import Testing

@testable import Prefs

/// The link's transitions, fed events without threads: what the containers are handed, what is read back, and
/// when the store's reports are trusted.
@Suite struct LinkStateTests {
    private let own = PreferenceWriteOrigin.unique()
    private let other = PreferenceWriteOrigin.unique()

    @Test func aLocalWriteIsNumberedPendingAndSchedulesOneDrain() {
        var state = LinkState()
        let (first, schedule, _) = state.write(name: "a", value: 1, reason: nil)
        #expect(first == .init(name: "a", value: 1, sequence: 1) && schedule)
        let (second, scheduleAgain, _) = state.write(name: "a", value: 2, reason: nil)
        _ = state.write(name: "b", value: nil, reason: nil)
        #expect(second.sequence == 2 && !scheduleAgain, "the scheduled drain takes later writes too")
        #expect(state.localValue(of: "a") == .some(2) && state.localValue(of: "b") == .some(nil))
        let batch = state.takeBatch()
        #expect(batch == .init(writes: ["a": 2, "b": nil]))
        #expect(state.isWriting("a") && state.localValue(of: "a") == .some(2))
        let readBack = state.batchFinished()
        #expect(readBack.isEmpty)
        let nothing = state.takeBatch()
        #expect(nothing == nil && !state.isDrainScheduled && !state.isWriting("a"))
    }

    @Test func anOutsideReportWithValuesIsAppliedWithoutReading() {
        var state = LinkState()
        let action = state.reported(PreferenceStoreChange(values: ["a": 5]), ownOrigin: own)
        #expect(action == (LinkState.Update(values: ["a": 5], sequence: 1), []))
    }

    @Test func aReportWithoutValuesIsReadBackUnlessItIsAnEcho() {
        var state = LinkState()
        let outside = state.reported(PreferenceStoreChange(keys: ["a"]), ownOrigin: own)
        #expect(outside.readBack == ["a"])
        let echo = state.reported(PreferenceStoreChange(keys: ["a"], origin: own), ownOrigin: own)
        #expect(echo == (nil, []))
    }

    @Test func aReportOfAKeyWithAPendingWriteIsIgnored() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        let withValue = state.reported(PreferenceStoreChange(values: ["a": 9]), ownOrigin: own)
        let withoutValue = state.reported(PreferenceStoreChange(keys: ["a"]), ownOrigin: own)
        #expect(withValue == (nil, []) && withoutValue == (nil, []))
        let batch = state.takeBatch()
        #expect(batch?.writes == ["a": 1])
        let readBack = state.batchFinished()
        #expect(readBack.isEmpty, "the pending write landed after the report: nothing to read")
    }

    @Test func theEchoOfTheWriteInFlightChangesNothing() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        _ = state.takeBatch()
        let echo = state.reported(PreferenceStoreChange(values: ["a": 1], origin: own), ownOrigin: own)
        #expect(echo == (nil, []))
        let readBack = state.batchFinished()
        #expect(readBack.isEmpty)
    }

    @Test func anotherWritersReportDuringTheWriteIsReadBackOnceItLanded() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        _ = state.takeBatch()
        let report = state.reported(PreferenceStoreChange(values: ["a": 7, "b": 2], origin: other), ownOrigin: own)
        #expect(report.update == .init(values: ["b": 2], sequence: 2))
        let readBack = state.batchFinished()
        #expect(readBack == ["a"])
        let update = state.readBack(["a": 7])
        #expect(update == .init(values: ["a": 7], sequence: 3))
    }

    @Test func anEchoAfterAnotherWritersValueEndsTheRaceOnTheStoresValue() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        _ = state.takeBatch()
        _ = state.batchFinished()
        // The store took the other writer's value first and this link's after it: the reports come in that order.
        let outside = state.reported(PreferenceStoreChange(values: ["a": 7], origin: other), ownOrigin: own)
        #expect(outside.update == .init(values: ["a": 7], sequence: 2))
        let echo = state.reported(PreferenceStoreChange(values: ["a": 1], origin: own), ownOrigin: own)
        #expect(echo.update == .init(values: ["a": 1], sequence: 3))
    }

    /// The echo of an own write that the store delivers after a newer own write landed would put the older value
    /// back, until the newer echo came: a writer that wrote 500 read 499.
    @Test func aLateEchoNeverPutsAnOlderOwnValueBack() {
        var state = LinkState()
        for value in 1...2 {
            _ = state.write(name: "a", value: .integer(Int64(value)), reason: nil)
            _ = state.takeBatch()
            _ = state.batchFinished()
        }
        let late = state.reported(PreferenceStoreChange(values: ["a": 1], origin: own), ownOrigin: own)
        #expect(late.update == nil)
    }

    @Test func aLateEchoOfATransactionNeverPutsAnOlderValueBack() {
        var state = LinkState()
        for value in 499...500 {
            state.transactionStarted()
            _ = state.transactionEnded(committed: state.transactionCommitting(["counter": .integer(Int64(value))]))
        }
        let late = state.reported(PreferenceStoreChange(values: ["counter": 499], origin: own), ownOrigin: own)
        #expect(late.update == nil)
    }

    @Test func aFailedBatchIsReportedAndReadBack() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        _ = state.write(name: "b", value: 2, reason: nil)
        _ = state.takeBatch()
        _ = state.write(name: "b", value: 3, reason: nil)
        let readBack = state.batchFinished(failed: [LinkFailure(keys: ["a", "b"], underlying: CancellationError())])
        #expect(readBack == ["a"], "b has a newer write pending, which is not undone")
        #expect(state.failures.count == 1)
    }

    @Test func aWaitingSetTakesOnlyAFailureOfTheBatchThatHeldItsWrite() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)  // behind the caller
        _ = state.takeBatch()
        let (_, _, batch) = state.write(name: "a", value: 2, reason: nil)  // a `set` of a, while 1 is in flight
        _ = state.write(name: "b", value: 3, reason: nil)
        _ = state.batchFinished(failed: [LinkFailure(keys: ["a"], underlying: CancellationError())])  // 1 fails
        _ = state.takeBatch()
        _ = state.batchFinished(failed: [LinkFailure(keys: ["b"], underlying: CancellationError())])  // 2 is stored
        #expect(state.takeFailure(of: "a", inBatch: batch) == nil, "the failure of a is the earlier write's")
        #expect(state.takeFailures().map(\.keys) == [["a"], ["b"]], "both failures are left for the flush")
    }

    @Test func aTransactionsChangesReachTheContainersExceptKeysWrittenSince() {
        var state = LinkState()
        state.transactionStarted()
        _ = state.write(name: "b", value: 1, reason: nil)
        let action = state.transactionEnded(committed: state.transactionCommitting(["a": 1, "b": 2]))
        #expect(action == (LinkState.Update(values: ["a": 1], sequence: 2), []))
    }

    @Test func aCommitHandsOutNoKeyWhoseLocalWriteWasOnItsWayWhenItCommitted() {
        var state = LinkState()
        state.transactionStarted()
        _ = state.write(name: "a", value: 2, reason: nil)
        _ = state.takeBatch()  // in flight: its store call came just before the commit, or waits for it
        _ = state.write(name: "b", value: 2, reason: nil)  // pending: its store call comes after the commit
        let commit = state.transactionCommitting(["a": 1, "b": 1, "c": 1])
        #expect(state.batchFinished().isEmpty, "the commit may not be visible before the transaction has ended")
        _ = state.takeBatch()
        _ = state.batchFinished()  // b's write landed, after the commit
        let ended = state.transactionEnded(committed: commit)
        #expect(ended.update?.changes == ["c": 1] && ended.readBack == ["a"], "which one the store holds is unknown")
    }

    @Test func aTransactionThatDidNotCommitReadsNothingBack() {
        var state = LinkState()
        state.transactionStarted()
        _ = state.write(name: "a", value: 2, reason: nil)
        _ = state.takeBatch()
        _ = state.transactionCommitting(["a": 1])  // then the store's commit throws
        #expect(state.transactionEnded(committed: nil) == (nil, []))
        #expect(state.batchFinished().isEmpty, "nothing was committed: the write's value stands")
    }

    @Test func aCommitOfAKeyWhoseWriteIsStillInFlightIsReadBackOnceTheWriteHasLanded() {
        var state = LinkState()
        state.transactionStarted()
        _ = state.write(name: "a", value: 2, reason: nil)
        _ = state.takeBatch()
        let ended = state.transactionEnded(committed: state.transactionCommitting(["a": 1]))
        #expect(ended == (nil, []))
        #expect(state.batchFinished() == ["a"])
    }

    @Test func reportsDuringATransactionWaitForItsEnd() {
        var state = LinkState()
        state.transactionStarted()
        let outside = state.reported(PreferenceStoreChange(values: ["a": 5, "c": 6]), ownOrigin: own)
        #expect(outside == (nil, []))
        let echo = state.reported(PreferenceStoreChange(values: ["a": 1], origin: own), ownOrigin: own)
        #expect(echo.update != nil)
        let action = state.transactionEnded(committed: state.transactionCommitting(["a": 1]))
        #expect(action.update?.changes == ["a": 1])
        #expect(
            action.readBack == ["a", "c"], "keys another writer reported while it ran cannot be ordered: read back")
    }

    @Test func transactionsAreNumberedInTheOrderTheyCommitNotTheOrderTheyEnd() throws {
        var state = LinkState()
        state.transactionStarted()
        state.transactionStarted()
        let first = state.transactionCommitting(["a": 1])
        let second = state.transactionCommitting(["a": 2])
        let secondEnd = state.transactionEnded(committed: second)
        let firstEnd = state.transactionEnded(committed: first)
        #expect(try #require(firstEnd.update).sequence < #require(secondEnd.update).sequence)
    }

    @Test func writesWithDifferentReasonsAreNeverOneStoreCall() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: "INC-1")
        _ = state.write(name: "b", value: 1, reason: "INC-1")
        _ = state.write(name: "a", value: 2, reason: "INC-2")
        _ = state.write(name: "a", value: 3, reason: "INC-2")
        #expect(state.localValue(of: "a") == .some(3), "the latest write of a key is what reads see")
        let first = state.takeBatch()
        #expect(first == .init(writes: ["a": 1, "b": 1], reason: "INC-1"))
        _ = state.batchFinished()
        let second = state.takeBatch()
        #expect(second == .init(writes: ["a": 3], reason: "INC-2"), "one reason's writes coalesce")
        _ = state.batchFinished()
        let none = state.takeBatch()
        #expect(none == nil && !state.isDrainScheduled)
    }

    @Test func aFailureIsTakenByTheWaitingWriterOrElseByTheNextFlush() {
        var state = LinkState()
        let (_, _, batch) = state.write(name: "a", value: 1, reason: nil)
        _ = state.write(name: "b", value: 2, reason: nil)
        _ = state.takeBatch()
        _ = state.batchFinished(failed: [LinkFailure(keys: ["b"], underlying: CancellationError())])
        let ofA = state.takeFailure(of: "a", inBatch: batch)
        let ofB = state.takeFailure(of: "b", inBatch: batch)
        let left = state.takeFailures()
        #expect(ofA == nil, "a was stored: only b failed")
        #expect(ofB?.keys == ["b"])
        #expect(left.isEmpty, "a failure is reported once")
    }

    @Test func aReadIsAsNewAsTheLastUpdateHandedOut() {
        var state = LinkState()
        _ = state.write(name: "a", value: 1, reason: nil)
        #expect(state.sequence == 1)
        _ = state.reported(PreferenceStoreChange(values: ["b": 1]), ownOrigin: own)
        #expect(state.sequence == 2)
    }
}
