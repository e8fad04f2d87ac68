public import Foundation

/// How ``Preferences/importJSON(_:into:mode:validating:)`` treats keys the document does not hold.
public enum PreferenceImportMode: Sendable {
    /// Keep them: the document's members are added or replace existing values.
    case merge
    /// Remove them: afterwards the store holds exactly the document's members.
    case replace
}

/// An import that was refused because members are not valid values of their declared keys; nothing was written.
public struct PreferenceImportError: Error, CustomStringConvertible {
    /// Each invalid member's name and the reason.
    public let invalidMembers: [(name: String, reason: String)]

    /// One line per invalid member.
    public var description: String {
        "import refused, nothing was written:\n"
            + invalidMembers.map { "  '\($0.name)': \($0.reason)" }.joined(separator: "\n")
    }
}

extension Preferences {
    /// Exports one store's keys (those with the container's prefix, named without it) as a JSON
    /// document in the file store's format.
    ///
    /// The values of secret keys (``PreferenceKeys/Key/isSecret``) are left out unless `includingSecrets` is true:
    /// those of the keys given in `keys`, and of every key a container using the store has used.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - keys: Declared keys, so that secret ones are known even before a container uses them.
    ///   - includingSecrets: Whether to include the values of secret keys.
    /// - Returns: The document.
    /// - Throws: An error of the store, or ``UnstorableValueError`` for a value the document could not hold
    ///   exactly (a date that is not finite, in a store that keeps one).
    public func exportJSON(
        store: PreferenceStoreID = .default, keys: [AnyPreferenceKey] = [], includingSecrets: Bool = false
    ) throws -> Data {
        let slot = slot(store)  // a store object under two IDs: the keys of both are its keys
        let link = links[slot]
        link.drainNow()
        let declaredSecrets = Set(
            keys.filter { $0.isSecret && slotIndex(of: $0.storeID) == slot }.map { keyPrefix + $0.name })
        var members: [String: PreferenceValue] = [:]
        for name in try link.store.keys() where name.hasPrefix(keyPrefix) {
            if !includingSecrets, declaredSecrets.contains(name) || link.isSecret(name) { continue }
            if let value = try link.store.value(forKey: name) {
                try PreferenceJSON.checkStorable(value, key: name)
                members[String(name.dropFirst(keyPrefix.count))] = value
            }
        }
        return PreferenceJSON.encode(members)
    }

    /// Imports a JSON document into one store, atomically.
    ///
    /// Members named like a declared key must be valid values of it: the keys given in `keys` and
    /// every key this container has used. Unknown members are kept, not dropped.
    ///
    /// - Parameters:
    ///   - document: A JSON object in the file store's format.
    ///   - store: The store.
    ///   - mode: Whether keys missing from the document are kept or removed.
    ///   - keys: Declared keys to validate members against.
    /// - Throws: ``PreferenceImportError`` when a member is invalid, an error for a document that is
    ///   not a JSON object, or an error of the store; nothing is written then.
    public func importJSON(
        _ document: Data,
        into store: PreferenceStoreID = .default,
        mode: PreferenceImportMode = .merge,
        validating keys: [AnyPreferenceKey] = []
    ) throws {
        let members = try PreferenceJSON.decode(document)
        let validators = knownValidators(in: store, adding: keys)
        let invalid = members.keys.sorted().compactMap { name -> (name: String, reason: String)? in
            guard let validate = validators[name] else { return nil }
            do {
                try validate(members[name]!)
                return nil
            } catch {
                return (name, "\(error)")
            }
        }
        guard invalid.isEmpty else { throw PreferenceImportError(invalidMembers: invalid) }
        let backing = self.store(store)
        try runTransaction(on: [store]) { transaction in
            if mode == .replace {
                for name in try backing.keys() where name.hasPrefix(keyPrefix) {
                    transaction.setValue(nil, named: String(name.dropFirst(keyPrefix.count)), in: store)
                }
            }
            for (name, value) in members { transaction.setValue(value, named: name, in: store) }
        }
    }

    /// Whether a stored name (the container's prefix included) belongs to a key declared secret that a container
    /// using the store has used.
    ///
    /// - Parameters:
    ///   - storedName: The stored name.
    ///   - store: The store.
    /// - Returns: Whether its value is secret, as far as the containers using the store know.
    package func isSecret(storedName: String, in store: PreferenceStoreID) -> Bool {
        link(store).isSecret(storedName)
    }

    /// A validator per key name for the keys this container has used in `store`, plus `keys`.
    private func knownValidators(
        in store: PreferenceStoreID,
        adding keys: [AnyPreferenceKey]
    ) -> [String: @Sendable (PreferenceValue) throws -> Void] {
        var validators: [String: @Sendable (PreferenceValue) throws -> Void] = [:]
        let slot = slot(store)  // a store object under two IDs: the keys of both are its keys
        for (name, key) in lockedBoundKeys(inSlot: slot) {
            validators[String(name.dropFirst(keyPrefix.count))] = { try key.validate($0) }
        }
        for key in keys where slotIndex(of: key.storeID) == slot { validators[key.name] = { try key.validate($0) } }
        return validators
    }
}
