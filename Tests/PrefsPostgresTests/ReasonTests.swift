import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// A write carries the reason it was made with (``PreferenceWriteReason/current`` at the write) to the history, through
/// the store's queue, its transactions, rollbacks and imports; two writes of one key with different reasons are two
/// records.
@Suite(.requiresPostgreSQL, .pacedThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct ReasonTests {
    @Test func queuedWritesKeepTheirReasonsAndAreNeverCoalescedAcrossThem() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        try PreferenceWriteReason.$current.withValue("INC-1: first") {
            try store.write(["limit": 1, "other": "a"])
            try store.write(["limit": 2])  // same reason: coalesced with the write before, if it still waits
        }
        try PreferenceWriteReason.$current.withValue("INC-2: second") { try store.write(["limit": 3]) }
        try store.write(["limit": 4])  // no reason
        #expect(store.value(forKey: "limit") == .integer(4), "readers see the latest write at once")
        try store.flush()

        let history = try store.history(of: "limit")
        // Whether the store's queue took the first write before the second came is a matter of timing.
        let first: [(value: PreferenceValue?, reason: PreferenceWriteReason?)] =
            history.count == 4 ? [(.integer(1), "INC-1: first")] : []
        let expected = first + [(.integer(2), "INC-1: first"), (.integer(3), "INC-2: second"), (.integer(4), nil)]
        #expect(history.map(\.newValue) == expected.map(\.value))
        #expect(history.map(\.reason) == expected.map(\.reason), "writes of two reasons are never coalesced")
        #expect(try store.history(of: "other").map(\.reason) == ["INC-1: first"])
    }

    @Test func transactionsRollbacksAndTheContainersConveniencesRecordTheirReasons() throws {
        let fleet = try Fleet()
        let (prefs, store) = try fleet.instance()
        try PreferenceWriteReason.$current.withValue("by the store") {
            try store.transaction { $0.setValue(.integer(1), forKey: "count") }
        }
        prefs.update(\.[int: "count"], reason: "update") { $0 += 1 }
        try prefs.transaction(reason: "transaction") { $0[\.[int: "count"]] = 10 }
        try prefs.importJSON(Data(#"{"count": 20, "theme": "dark"}"#.utf8), reason: "import")
        let first = try #require(try store.history(of: "count").first?.version)
        try store.rollback("count", toVersion: first, reason: "rollback of bad rollout")
        try PreferenceWriteReason.$current.withValue("bound around the rollback") {
            try store.rollback("count", toVersion: first + 1)
        }

        let reasons = try store.history(of: "count").map(\.reason?.text)
        #expect(
            reasons == [
                "by the store", "update", "transaction", "import", "rollback of bad rollout",
                "bound around the rollback",
            ])
        #expect(try store.history(of: "theme").map(\.reason) == ["import"])
        #expect(eventually("the container hears the rollbacks") { prefs[\.[int: "count"]] == 2 })
    }

    @Test func theHistoryIsFilteredByReasonIgnoringCaseAndPatternCharacters() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        for (value, reason) in [(1, "INC-4711 cache"), (2, "inc-4711: again"), (3, "100% done"), (4, "other")] {
            try PreferenceWriteReason.$current.withValue(PreferenceWriteReason(reason)) {
                try store.write(["k": .integer(Int64(value))])
            }
            try store.flush()
        }
        #expect(try store.history(reasonContaining: "Inc-4711").map(\.newValue) == [.integer(1), .integer(2)])
        #expect(try store.history(reasonContaining: "0%").map(\.newValue) == [.integer(3)])
        #expect(try store.history(reasonContaining: "_").isEmpty, "an underscore is a character, not a wildcard")
        #expect(try store.history(of: "k", reasonContaining: "other", limit: 5).map(\.newValue) == [.integer(4)])
    }

    @Test func aHandEditGivesItsReasonWithSetLocal() throws {
        let fleet = try Fleet()
        let store = try fleet.store()
        try store.write(["k": 1])
        try store.flush()
        try fleet.server.sql(
            """
            BEGIN;
            SET LOCAL prefs.reason = 'by hand: INC-9';
            UPDATE prefs_values SET value = '2' WHERE namespace = '\(fleet.namespace)' AND key = 'k';
            COMMIT;
            UPDATE prefs_values SET value = '3' WHERE namespace = '\(fleet.namespace)' AND key = 'k';
            """)
        #expect(
            try store.history(of: "k").map(\.reason) == [nil, "by hand: INC-9", nil], "a reason lasts one transaction")
    }
}
