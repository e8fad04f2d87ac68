public import Prefs

#if canImport(Combine)
public import Combine
#else
public import OpenCombine
#endif

extension Preferences {
    /// A publisher that emits each time the key's value changes.
    ///
    /// ```swift
    /// prefs.changesPublisher(for: \.theme)
    ///     .sink { reloadColors() }
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// It never emits for another key, nor for a write that leaves the value unchanged; changes made
    /// outside the container (another process, a direct `UserDefaults` call) count, as for every
    /// observation. It observes from subscription to cancellation and never completes.
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: A publisher of `Void`, one per change.
    public func changesPublisher<Value>(
        for keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>
    ) -> AnyPublisher<Void, Never> {
        PreferenceValuesPublisher(preferences: self, keyPath: keyPath, includingInitial: false)
            .map { _ in () }
            .eraseToAnyPublisher()
    }

    /// A publisher of the key's values: the current one on subscription (unless
    /// `includingInitial` is false), then each new one.
    ///
    /// ```swift
    /// prefs.valuesPublisher(for: \.theme)
    ///     .sink { theme in apply(theme) }
    ///     .store(in: &cancellables)
    /// ```
    ///
    /// It never emits for another key, nor for a write that leaves the value unchanged. Values are
    /// delivered in order, on the thread that made the change (or the thread delivering earlier
    /// changes), as demanded; values beyond the demand wait in order. It never completes.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - includingInitial: Whether to emit the current value on subscription first (default: yes).
    /// - Returns: A publisher of the key's values.
    public func valuesPublisher<Value>(
        for keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>,
        includingInitial: Bool = true
    ) -> AnyPublisher<Value, Never> {
        PreferenceValuesPublisher(preferences: self, keyPath: keyPath, includingInitial: includingInitial)
            .eraseToAnyPublisher()
    }
}
