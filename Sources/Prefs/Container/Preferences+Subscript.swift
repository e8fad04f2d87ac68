internal import Logging

extension Preferences {
    /// Reads or writes the value of a key.
    ///
    /// ```swift
    /// prefs[\.showHelloWorld] = true
    /// if prefs[\.showHelloWorld] { print("Hello, world!") }
    /// ```
    ///
    /// A read returns the stored value, or the key's default when nothing valid is stored. A write
    /// wakes the key's observers at once and reaches the store behind the caller; if it cannot be
    /// stored it is reported through the logger and the old value is kept. Use ``set(_:_:)`` to
    /// handle the error yourself.
    ///
    /// - Parameter keyPath: The key, as a key path into ``PreferenceKeys``.
    @inlinable
    public subscript<Value>(_ keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> Value {
        get {
            // The hot path: one lock, one lookup by the key path's identity, no decoding, no allocation.
            let identity = ObjectIdentifier(keyPath)
            let cached = state.withLock {
                state -> (any AnyObject & Sendable, any KeyPath<Preferences, Int> & Sendable)? in
                guard let binding = state.keys.binding(identifiedBy: identity), !binding.readsThrough,
                    let decoded = binding.decoded
                else { return nil }
                return (decoded, binding.entry.observationKeyPath)
            }
            if let (decoded, observationKeyPath) = cached {
                observationRegistrar.access(self, keyPath: observationKeyPath)
                return TypedKeyBinding<Value>.value(in: decoded)
            }
            return readUncached(resolve(keyPath))
        }
        set { writeLogging(resolve(keyPath), newValue) }
    }

    /// Reads a key already resolved in this container (a `@Preference` with a container keeps its binding): a lock
    /// and a field read when the value is cached.
    @inlinable
    func value<Value>(of binding: TypedKeyBinding<Value>) -> Value {
        let decoded = state.withLock { _ in binding.readsThrough ? nil : binding.decoded }
        if let decoded {
            observationRegistrar.access(self, keyPath: binding.entry.observationKeyPath)
            return TypedKeyBinding<Value>.value(in: decoded)
        }
        return readUncached(binding)
    }

    /// Writes a value behind the caller; a failure is reported through the logger (the subscript's setter).
    /// Inlinable, like the write it makes, so that the caller's specialization does the typed work.
    @inlinable
    func writeLogging<Value>(_ binding: TypedKeyBinding<Value>, _ value: Value) {
        do {
            try write(binding, value, waitForStore: false)
        } catch {
            reportFailedWrite(of: binding, error)
        }
    }

    /// Reports a subscript write that failed.
    @usableFromInline
    func reportFailedWrite(of binding: KeyBinding, _ error: any Error) {
        logger.error(
            "Prefs: could not set '\(binding.storedKey)': \(SecretRedaction.text(of: error, isSecret: binding.isSecret))"
        )
    }

    /// The Observation anchor of one cached stored key, by the entry's ID: reads register it, changes to the key
    /// fire it.
    subscript(observing entryID: Int) -> Int { 0 }
}
