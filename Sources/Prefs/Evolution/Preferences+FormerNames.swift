internal import Logging

extension Preferences {
    /// Moves a value stored under one of the key's former names to its current name, once: inside
    /// a store transaction (under a file store's cross-process lock), and only while the current
    /// name holds nothing, so two processes never both move it and a crash leaves either the old
    /// name or the new one, never neither.
    func moveFormerValue(of key: any ErasedKey, to storedKey: StoredKey, via link: StoreLink) {
        guard !key.formerNames.isEmpty else { return }
        let store = link.store
        let formerNames = key.formerNames.map { keyPrefix + $0 }
        // A cheap look outside any lock first: most of the time there is nothing to move.
        guard !formerNames.isEmpty, (try? store.value(forKey: storedKey.name)) == .some(nil),
            formerNames.contains(where: { (try? store.value(forKey: $0)).flatMap { $0 } != nil })
        else { return }
        do {
            let moved = try link.transaction { transaction -> String? in
                guard try transaction.value(forKey: storedKey.name) == nil else { return nil }
                for former in formerNames {
                    guard let value = try transaction.value(forKey: former) else { continue }
                    transaction.setValue(value, forKey: storedKey.name)
                    transaction.setValue(nil, forKey: former)
                    return former
                }
                return nil
            }
            if let moved { logger.notice("Prefs: moved the value stored under '\(moved)' to '\(storedKey)'") }
        } catch {
            logger.error(
                "Prefs: could not move the former value of '\(storedKey)': \(SecretRedaction.text(of: error, isSecret: key.isSecret))"
            )
        }
    }
}
