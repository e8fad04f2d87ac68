import Foundation
public import Prefs

/// The checks every `PreferenceStore` must pass; run them against your own store from any test framework.
///
/// ```swift
/// @Test func myStoreConforms() throws {
///     try PreferenceStoreConformance.check(makeStore: { try MyStore(path: tempPath()) })
/// }
/// ```
///
/// Each check gets a fresh store.
/// ``check(makeStore:reopen:atomicTransactions:profile:seed:generatedCases:)`` throws one ``Failure`` that lists
/// every check that failed.
public enum PreferenceStoreConformance {
    /// The checks that failed, with what each expected and found.
    public struct Failure: Error, CustomStringConvertible {
        /// One line per failed check.
        public let problems: [String]
        /// The generated cases that failed (each also one of ``problems``), with their seed and minimal value.
        public let generated: [GeneratedFailure]

        init(problems: [String], generated: [GeneratedFailure] = []) {
            self.problems = problems
            self.generated = generated
        }

        /// All problems, one per line.
        public var description: String {
            "\(problems.count) store conformance check(s) failed:\n" + problems.joined(separator: "\n")
        }
    }

    /// Values of every kind, with edge cases, that a store must return exactly as written.
    public static let sampleValues: [String: PreferenceValue] = [
        "bool.true": .bool(true),
        "bool.false": .bool(false),
        "int.zero": .integer(0),
        "int.min": .integer(.min),
        "int.max": .integer(.max),
        "uint.max": .unsignedInteger(.max),
        "double.fraction": .double(0.1),
        "double.negative-zero": .double(-0.0),
        "double.huge": .double(1.7976931348623157e308),
        "double.tiny": .double(.leastNonzeroMagnitude),
        "string.empty": .string(""),
        "string.unicode": .string("Grüße, 世界 👋🏽\n\t\"quoted\""),
        "data.empty": .data(Data()),
        "data.bytes": .data(Data([0, 1, 2, 254, 255])),
        "date.sub-millisecond": .date(Date(timeIntervalSinceReferenceDate: 812_345_678.123_456)),
        "date.before-1970": .date(Date(timeIntervalSince1970: -1_234_567.5)),
        "date.clock": .date(Date(timeIntervalSinceReferenceDate: 815_486_422.398_374_2)),
        "date.distant-past": .date(.distantPast),
        "date.distant-future": .date(.distantFuture),
        "date.tiny-negative": .date(Date(timeIntervalSinceReferenceDate: -1e-300)),
        "date.largest": .date(Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)),
        "array.empty": .array([]),
        "array.mixed": .array([.integer(1), .string("two"), .bool(true), .array([.double(3.5)])]),
        "dictionary.empty": .dictionary([:]),
        "dictionary.nested": .dictionary([
            "frame": .dictionary(["x": .double(1), "y": .double(2.5), "title": .string("Main")]),
            "tags": .array([.string("a"), .string("b")]),
            "when": .date(Date(timeIntervalSinceReferenceDate: 1.5)),
        ]),
        "name with spaces.and/slashes:and-ünïcødé-鍵": .string("odd key"),
        "url": .string("https://example.com/a/b?c=1&d=%20#frag"),
    ]

    /// Runs every check: the fixed examples, then generated values (see
    /// ``generatedRoundTrips(_:reopen:profile:seed:cases:)`` and
    /// ``generatedContainerRoundTrips(_:reopen:profile:seed:cases:readDeadline:)``).
    ///
    /// A generated failure names its seed and the smallest value that still fails; set
    /// `PREFS_TEST_SEED` to that seed to replay it, and `PREFS_TEST_SCALE` to run more cases.
    ///
    /// - Parameters:
    ///   - makeStore: Creates a fresh, empty store for each check.
    ///   - reopen: Opens a new store on the same backing data as the given one (after its `flush()`),
    ///     to check that values survive; nil skips that check.
    ///   - atomicTransactions: Whether the store promises that concurrent transactions never lose
    ///     an update (the built-in stores do; the protocol's default implementation does not).
    ///   - profile: What the store can hold, for the generated values.
    ///   - seed: The seed of the generated values.
    ///   - generatedCases: How many generated values to write to the store directly; a fifth as many
    ///     go through containers. Zero skips the generated checks.
    /// - Throws: ``Failure`` listing every failed check, or an error of the store itself.
    public static func check(
        makeStore: () throws -> any PreferenceStore,
        reopen: ((any PreferenceStore) throws -> any PreferenceStore)? = nil,
        atomicTransactions: Bool = true,
        profile: PreferenceValueGenerator.Profile = .everything,
        seed: UInt64 = PreferenceValueGenerator.environmentSeed,
        generatedCases: Int = PreferenceValueGenerator.caseCount(500)
    ) throws {
        var problems: [String] = []
        problems += try roundTrip(makeStore())
        problems += try removal(makeStore())
        problems += try batchWrite(makeStore())
        problems += try changeReporting(makeStore())
        problems += try concurrentWriters(makeStore())
        problems += try transactions(makeStore(), atomic: atomicTransactions)
        if let reopen { problems += try reload(makeStore(), reopen: reopen) }
        var generated: [GeneratedFailure] = []
        if generatedCases > 0 {
            generated += try generatedRoundTrips(
                makeStore(), reopen: reopen, profile: profile, seed: seed, cases: generatedCases
            ).failures
            generated += try generatedContainerRoundTrips(
                makeStore(), reopen: reopen, profile: profile, seed: seed, cases: max(1, generatedCases / 5)
            ).failures
        }
        problems += generated.map { "generated: \($0)" }
        if !problems.isEmpty { throw Failure(problems: problems, generated: generated) }
    }

    static func roundTrip(_ store: any PreferenceStore) throws -> [String] {
        try store.write(sampleValues)
        return try compare(store, with: sampleValues, check: "round trip")
    }

    static func removal(_ store: any PreferenceStore) throws -> [String] {
        try store.write(["kept": .integer(1), "removed": .integer(2)])
        try store.write(["removed": nil])
        var problems: [String] = []
        if case .some = try store.value(forKey: "removed") { problems.append("removal: 'removed' still has a value") }
        if try store.value(forKey: "kept") != .integer(1) { problems.append("removal: 'kept' lost its value") }
        if try Set(store.keys()) != ["kept"] {
            problems.append("removal: keys() is \(try store.keys()), expected [kept]")
        }
        try store.write(["never-stored": nil])
        if case .some = try store.value(forKey: "never-stored") {
            problems.append("removal: removing a missing key stored it")
        }
        return problems
    }

    static func batchWrite(_ store: any PreferenceStore) throws -> [String] {
        let batch: PreferenceStoreWrites = Dictionary(
            uniqueKeysWithValues: (0..<200).map { ("k\($0)", .integer(Int64($0))) })
        try store.write(batch)
        var problems = try compare(store, with: batch.compactMapValues { $0 }, check: "batch write")
        if try Set(store.keys()) != Set(batch.keys) {
            problems.append("batch write: keys() does not list the 200 keys")
        }
        return problems
    }

    /// Writes are reported, with the origin the writer set and, where a report carries values, the values written,
    /// in the order they were made.
    static func changeReporting(_ store: any PreferenceStore) throws -> [String] {
        let reports = Lock<[PreferenceStoreChange]>([])
        let token = store.observeChanges { change in reports.withLock { $0.append(change) } }
        defer { token.cancel() }
        let origin = PreferenceWriteOrigin.unique()
        try PreferenceWriteOrigin.$current.withValue(origin) {
            try store.write(["a": .integer(1), "b": .string("x")])
            try store.write(["a": nil])
        }
        // Stores may report asynchronously: give them a deadline, not a fixed sleep. Done when both keys were named
        // and the last report naming 'a' says it was removed (or carries no value).
        func isComplete(_ reports: [PreferenceStoreChange]) -> Bool {
            guard Set(reports.flatMap(\.keys)).isSuperset(of: ["a", "b"]),
                let last = reports.last(where: { $0.keys.contains("a") })
            else { return false }
            return last.values["a"] == .some(nil) || last.keysWithoutValues.contains("a")
        }
        let deadline = Date().addingTimeInterval(5)
        while !reports.withLock({ isComplete($0) }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.002)
        }
        let seen = reports.withLock { $0 }
        var problems: [String] = []
        let named = Set(seen.flatMap(\.keys))
        if !named.isSuperset(of: ["a", "b"]) {
            problems.append("change reporting: writes to a and b were reported as \(named.sorted())")
        }
        for report in seen where report.origin != origin {
            problems.append(
                "change reporting: a report of this writer's write has origin \(report.origin.map { "\($0)" } ?? "nil")"
            )
        }
        if let lastA = seen.last(where: { $0.values["a"] != nil })?.values["a"], lastA != nil {
            let reports = seen.map {
                "\($0.values) \($0.keysWithoutValues.sorted()) \($0.origin.map { "\($0)" } ?? "nil")"
            }
            problems.append(
                "change reporting: the last report of 'a' carries \(lastA!), but 'a' was removed last; reports: "
                    + reports.joined(separator: "; "))
        }
        if let b = seen.last(where: { $0.values["b"] != nil })?.values["b"], b != .string("x") {
            problems.append("change reporting: 'b' is reported as \(b.map { "\($0)" } ?? "nil"), expected \"x\"")
        }
        return problems
    }

    static func concurrentWriters(_ store: any PreferenceStore) throws -> [String] {
        let errors = Lock<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for index in 0..<50 {
                do {
                    try store.write(["w\(writer).\(index)": .integer(Int64(index))])
                } catch {
                    errors.withLock { $0.append("concurrent writers: \(error)") }
                }
            }
        }
        var expected: [String: PreferenceValue] = [:]
        for writer in 0..<8 { for index in 0..<50 { expected["w\(writer).\(index)"] = .integer(Int64(index)) } }
        return errors.withLock { $0 } + (try compare(store, with: expected, check: "concurrent writers"))
    }

    static func transactions(_ store: any PreferenceStore, atomic: Bool) throws -> [String] {
        var problems: [String] = []
        try store.write(["counter": .integer(0), "other": .string("x")])
        struct Abort: Error {}
        _ = try? store.transaction { transaction -> Void in
            transaction.setValue(.integer(99), forKey: "counter")
            throw Abort()
        }
        if try store.value(forKey: "counter") != .integer(0) {
            problems.append("transaction: a thrown body still wrote")
        }
        try store.transaction { transaction in
            transaction.setValue(.string("y"), forKey: "other")
            if try transaction.value(forKey: "other") != .string("y") {
                problems.append("transaction: reads do not see the transaction's own change")
            }
        }
        if try store.value(forKey: "other") != .string("y") { problems.append("transaction: change was not written") }
        guard atomic else { return problems }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<100 {
                try? store.transaction { transaction in
                    guard case .integer(let count) = try transaction.value(forKey: "counter") else { return }
                    transaction.setValue(.integer(count + 1), forKey: "counter")
                }
            }
        }
        let final = try store.value(forKey: "counter")
        if final != .integer(400) {
            problems.append(
                "transaction: 4 × 100 concurrent increments ended at \(final.map { "\($0)" } ?? "nil"), expected 400")
        }
        return problems
    }

    static func reload(
        _ store: any PreferenceStore,
        reopen: (any PreferenceStore) throws -> any PreferenceStore
    ) throws -> [String] {
        try store.write(sampleValues)
        try store.flush()
        return try compare(reopen(store), with: sampleValues, check: "reload")
    }

    private static func compare(
        _ store: any PreferenceStore,
        with expected: [String: PreferenceValue],
        check: String
    ) throws -> [String] {
        try expected.keys.sorted().compactMap { key in
            let found = try store.value(forKey: key)
            guard found != expected[key] else { return nil }
            return "\(check): '\(key)' is \(found.map { "\($0)" } ?? "nil"), expected \(expected[key]!)"
        }
    }
}
