internal import Logging
internal import Prefs

/// Values as `jsonb` text: the file store's tree form, with doubles written so that PostgreSQL's
/// `numeric` keeps them digit for digit (`0.00001`, not `1e-05`, which `jsonb` would rewrite; and
/// `1e+20` as `100000000000000000000.0`, which would otherwise read back as an integer).
enum StoredValue {
    /// The longest key name, in UTF-8 bytes: well inside PostgreSQL's index and notification limits.
    static let maximumKeyBytes = 1024
    /// The longest namespace, in UTF-8 bytes.
    static let maximumNamespaceBytes = 200

    /// The `jsonb` text of a value.
    static func encode(_ value: PreferenceValue) -> String {
        PreferenceJSON.text(of: value, pretty: false, doubles: .positional)
    }

    /// The value of a row's `jsonb` text; nil for no value. Text that does not decode (a hand edit
    /// gone wrong) is reported and read as no value; the row is left as it is.
    static func decode(_ text: String?, key: String, logger: Logger) -> PreferenceValue? {
        guard let text else { return nil }
        do {
            return try PreferenceJSON.value(parsing: text)
        } catch {
            logger.error(
                "Prefs: the stored value of '\(key)' is not a preference value (\(error)); reading it as unset")
            return nil
        }
    }

    /// Checks that a batch can be stored: PostgreSQL's `text` and `jsonb` cannot hold U+0000, key
    /// names are limited in length, and values must read back as written (the file format's limits:
    /// finite dates, nesting within ``PreferenceJSON/maximumValueDepth``).
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `unstorableValue`, naming the key.
    static func validate(_ changes: PreferenceStoreWrites) throws {
        for (key, value) in changes {
            guard !key.isEmpty, key.utf8.count <= maximumKeyBytes, !key.unicodeScalars.contains("\0") else {
                throw PostgresPreferenceStoreError(
                    .unstorableValue,
                    "the key name '\(key.prefix(80))' cannot be stored in PostgreSQL: it must be 1 to "
                        + "\(maximumKeyBytes) UTF-8 bytes without NUL characters")
            }
            if let value {
                do {
                    try PreferenceJSON.checkStorable(value, key: key)
                } catch {
                    throw PostgresPreferenceStoreError(.unstorableValue, error.description)
                }
            }
            if let value, containsNUL(value) {
                throw PostgresPreferenceStoreError(
                    .unstorableValue,
                    "the value of '\(key)' cannot be stored in PostgreSQL: jsonb cannot hold the NUL character (U+0000)"
                )
            }
        }
    }

    /// Checks a namespace.
    ///
    /// - Throws: ``PostgresPreferenceStoreError`` of kind `invalidConfiguration`.
    static func validate(namespace: String) throws {
        guard !namespace.isEmpty, namespace.utf8.count <= maximumNamespaceBytes,
            !namespace.unicodeScalars.contains("\0")
        else {
            throw PostgresPreferenceStoreError(
                .invalidConfiguration,
                "the namespace must be 1 to \(maximumNamespaceBytes) UTF-8 bytes without NUL characters")
        }
    }

    private static func containsNUL(_ value: PreferenceValue) -> Bool {
        switch value {
        case .string(let string): string.unicodeScalars.contains("\0")
        case .array(let elements): elements.contains(where: containsNUL)
        case .dictionary(let members):
            members.contains { $0.key.unicodeScalars.contains("\0") || containsNUL($0.value) }
        default: false
        }
    }
}
