internal import Logging

/// An override that is not a valid value of its key.
public struct PreferenceOverrideError: Error, CustomStringConvertible {
    /// Where the override comes from (the variable, the flag, the file member).
    public let source: PreferenceSource
    /// The key it would override.
    public let keyName: String
    /// Why it is not valid.
    public let reason: String

    /// A sentence naming the source, the key and the reason.
    public var description: String { "\(source) cannot override '\(keyName)': \(reason)" }
}

extension Preferences {
    /// Says where a key's current value comes from: an override layer, a store, or the default.
    ///
    /// ```swift
    /// print(prefs.source(of: \.theme))   // environment variable MYAPP_THEME
    /// ```
    ///
    /// - Parameter keyPath: The key.
    /// - Returns: The value's source.
    public func source<Value>(of keyPath: KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>>) -> PreferenceSource {
        source(of: PreferenceKeys()[keyPath: keyPath])
    }

    /// Says where a key's current value comes from.
    func source<Value>(of key: PreferenceKeys.Key<Value>) -> PreferenceSource {
        let binding = resolve(key)
        let (stored, override) = lockedStoredValue(of: binding)
        if let override { return override.source }
        let key = TypedKey<Value>.of(lockedWriteTarget(binding).key).key
        guard let stored, (try? key.decodeValue(stored)) != nil else { return .defaultValue }
        return .store(key.storeID)
    }

    /// Checks every override of the given keys, so that a bad one stops the app at startup with a
    /// message naming the variable, instead of being ignored later.
    ///
    /// - Parameter keys: The app's declared keys.
    /// - Throws: ``PreferenceOverrideError`` for the first override that is not a valid value of its key.
    public func validateOverrides(of keys: [AnyPreferenceKey]) throws {
        for key in keys {
            for layer in overrides {
                guard let (entry, name) = layer.lookup(key.name) else { continue }
                do {
                    _ = try key.storedValue(of: entry)
                } catch {
                    throw PreferenceOverrideError(
                        source: .override(layer: layer.name, name: name), keyName: key.name, reason: "\(error)"
                    )
                }
                break  // a lower layer is shadowed by this one
            }
        }
    }

    /// The value of the highest layer that has a valid one for the key; an invalid one is reported
    /// at error level and skipped.
    func overrideValue(for key: any ErasedKey) -> PreferenceOverride? {
        let name = key.name
        for layer in overrides {
            guard let (entry, variable) = layer.lookup(name) else { continue }
            let source = PreferenceSource.override(layer: layer.name, name: variable)
            do {
                return PreferenceOverride(value: try key.storedValue(of: entry), source: source)
            } catch {
                let reason = SecretRedaction.text(of: error, isSecret: key.isSecret)
                logger.error("Prefs: \(PreferenceOverrideError(source: source, keyName: name, reason: reason))")
            }
        }
        return nil
    }
}
