public import Prefs

extension PreferenceStoreConformance {
    /// What a generated run did: how many cases, from which seed, and what failed.
    public struct GeneratedReport: Sendable {
        /// The seed of the run.
        public let seed: UInt64
        /// How many (key, value) cases ran.
        public let cases: Int
        /// The cases that failed.
        public let failures: [GeneratedFailure]
    }

    /// Writes generated values under generated key names, in batches, and checks that the store
    /// gives each back exactly (see ``PreferenceValueGenerator/isSameStoredValue(_:_:)``), lists its
    /// key, keeps it across a reopen when `reopen` is given, and removes it.
    ///
    /// - Parameters:
    ///   - store: The store, empty or not (only generated keys are touched, and removed at the end).
    ///   - reopen: Opens a new store on the same backing data, after `flush()`; nil skips that check.
    ///   - profile: What the store can hold.
    ///   - seed: The run's seed.
    ///   - cases: How many values to write.
    /// - Returns: The report; failures are shrunk to the smallest value that still fails.
    /// - Throws: An error of the store.
    public static func generatedRoundTrips(
        _ store: any PreferenceStore,
        reopen: ((any PreferenceStore) throws -> any PreferenceStore)? = nil,
        profile: PreferenceValueGenerator.Profile = .everything,
        seed: UInt64 = PreferenceValueGenerator.environmentSeed,
        cases: Int = PreferenceValueGenerator.caseCount(500)
    ) throws -> GeneratedReport {
        var generator = PreferenceValueGenerator(seed: seed, profile: profile)
        var failures: [GeneratedFailure] = []
        var caseIndex = 0
        while caseIndex < cases {
            var batch: [(index: Int, key: String, value: PreferenceValue)] = []
            var names: Set<String> = []
            while batch.count < min(25, cases - caseIndex) {
                let key = generator.key()
                guard names.insert(key).inserted else { continue }
                batch.append((caseIndex + batch.count, key, generator.value()))
            }
            caseIndex += batch.count
            try store.write(Dictionary(batch.map { ($0.key, .some($0.value)) }, uniquingKeysWith: { $1 }))
            var failed: [(Int, String, PreferenceValue, String, PreferenceValue?)] = []
            for (index, key, value) in batch {
                let read = try store.value(forKey: key)
                if !PreferenceValueGenerator.isSameStoredValue(value, read) {
                    failed.append((index, key, value, "round trip", read))
                }
            }
            let listed = Set(try store.keys())
            for (index, key, value) in batch where !listed.contains(key) {
                failures.append(
                    GeneratedFailure(
                        seed: seed, caseIndex: index, check: "keys", key: key, written: value, read: nil,
                        detail: "is not listed by keys()"))
            }
            if let reopen {
                try store.flush()
                let reopened = try reopen(store)
                for (index, key, value) in batch where !failed.contains(where: { $0.0 == index }) {
                    let read = try reopened.value(forKey: key)
                    if !PreferenceValueGenerator.isSameStoredValue(value, read) {
                        failed.append((index, key, value, "reload", read))
                    }
                }
            }
            try store.write(Dictionary(batch.map { ($0.key, nil) }, uniquingKeysWith: { $1 }))
            for (index, key, value) in batch {
                if let left = try store.value(forKey: key) {
                    failures.append(
                        GeneratedFailure(
                            seed: seed, caseIndex: index, check: "removal", key: key, written: value, read: left,
                            detail:
                                "still reads \(PreferenceValueGenerator.exactDescription(of: left)) after its removal"))
                }
            }
            for (index, key, value, check, read) in failed {
                // Shrink the first few failures only: each attempt is a write (and a reopen).
                let minimal =
                    failures.count < 4
                    ? shrinkFailure(key: key, value: value, in: store, reopen: check == "reload" ? reopen : nil)
                    : (key, value)
                failures.append(
                    GeneratedFailure(
                        seed: seed, caseIndex: index, check: check, key: key, written: value, read: read,
                        minimal: (minimal.0, minimal.1)))
            }
        }
        return GeneratedReport(seed: seed, cases: cases, failures: failures)
    }

    /// The smallest value, then key name, that still reads back differently from `store` (or from a reopened one).
    private static func shrinkFailure(
        key: String,
        value: PreferenceValue,
        in store: any PreferenceStore,
        reopen: ((any PreferenceStore) throws -> any PreferenceStore)?
    ) -> (String, PreferenceValue) {
        func fails(_ key: String, _ value: PreferenceValue) throws -> Bool {
            defer { _ = try? store.write([key: nil]) }
            try store.write([key: value])
            var reader = store
            if let reopen {
                try store.flush()
                reader = try reopen(store)
            }
            return !PreferenceValueGenerator.isSameStoredValue(value, try reader.value(forKey: key))
        }
        let value = PreferenceValueShrinker.shrink(value, maximumAttempts: 150) { try fails(key, $0) }
        let key = PreferenceValueShrinker.shrink(key, maximumAttempts: 60) { try fails($0, value) }
        return (key, value)
    }
}
