import Foundation
import Prefs
import PrefsPostgres
import PrefsTestSupport
import Testing

/// `update` is atomic across every instance: a transaction in the database under the namespace's
/// lock, not a read-then-write race.
@Suite(.requiresPostgreSQL, .ownThreads, .timeLimit(.minutes(scaledMinutes(3))))
struct CounterTests {
    @Test func fourInstancesIncrementingOneCounterEndAtExactlyOneThousand() throws {
        let fleet = try Fleet()
        let instances = try (0..<4).map { _ in try fleet.instance().prefs }
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<250 { instances[index].update(\.counter) { $0 += 1 } }
        }
        for prefs in instances { try prefs.flush() }
        let (fresh, _) = try fleet.instance()
        #expect(fresh[\.counter] == 1000)
        for prefs in instances {
            #expect(eventually("every instance converges on 1,000") { prefs[\.counter] == 1000 })
        }
    }

    @Test func instancesInChildProcessesAndThisOneShareTheCounter() throws {
        let fleet = try Fleet()
        let children = try (0..<2).map { _ in
            try ChildProcess(
                ["increment", fleet.namespace, "250"], executable: "PrefsPostgresTestHelper",
                environment: fleet.server.environment())
        }
        let instances = try (0..<2).map { _ in try fleet.instance().prefs }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            for _ in 0..<250 { instances[index].update(\.counter) { $0 += 1 } }
        }
        for child in children {
            child.waitForLine(within: 90) { $0 == "done" || $0.hasPrefix("error") }
            #expect(child.wait() == 0, "child output: \(child.lines)")
        }
        for prefs in instances { try prefs.flush() }
        let (fresh, _) = try fleet.instance()
        #expect(fresh[\.counter] == 1000)
    }

    @Test func aTransactionChangesSeveralKeysAllOrNothing() throws {
        let fleet = try Fleet()
        let (first, _) = try fleet.instance()
        let (second, _) = try fleet.instance()
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try first.transaction { transaction in
                transaction[\.[int: "left"]] = 1
                transaction[\.[int: "right"]] = 1
                throw Refused()
            }
        }
        try first.transaction { transaction in
            transaction[\.[int: "left"]] = 2
            transaction[\.[int: "right"]] = 2
        }
        #expect(
            eventually("the other instance sees both") { second[\.[int: "left"]] == 2 && second[\.[int: "right"]] == 2 }
        )
        let (fresh, _) = try fleet.instance()
        #expect(fresh[\.[int: "left"]] == 2 && fresh[\.[int: "right"]] == 2)
    }
}
