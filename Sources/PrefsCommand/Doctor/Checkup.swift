package import Foundation
package import Prefs

/// What `doctor` found in one store: keys no code declares, values that do not read as their key's type, keys an
/// override layer hides, unsafe files and leftovers. `prefs doctor` and `PrefsCommand doctor` build it, each from
/// what it knows of the declared keys (a JSON Schema, or the app's catalog), and print it the same way.
package struct Checkup {
    /// A key the app declares, as the checkup needs it.
    package struct DeclaredKey: Sendable {
        /// Its stored name, the key prefix included.
        package var storedName: String
        /// Its type, for people.
        package var typeName: String
        /// Whether its value is secret (never printed).
        package var isSecret: Bool
        /// The stored names it had before: values there move to it when the app next uses it.
        package var formerNames: [String]
        /// How a stored value reads: the members that read their default, or nil when the whole value does not read.
        package var read: @Sendable (PreferenceValue) -> [PreferenceDefaultedMember]?

        /// A declared key.
        package init(
            storedName: String, typeName: String, isSecret: Bool, formerNames: [String],
            read: @escaping @Sendable (PreferenceValue) -> [PreferenceDefaultedMember]?
        ) {
            (self.storedName, self.typeName, self.isSecret, self.formerNames) =
                (storedName, typeName, isSecret, formerNames)
            self.read = read
        }

        /// A key of the app's catalog, in a container with `keyPrefix`.
        package init(_ key: AnyPreferenceKey, keyPrefix: String) {
            self.init(
                storedName: keyPrefix + key.name, typeName: ValueText.typeName(key.typeName), isSecret: key.isSecret,
                formerNames: key.formerNames.map { keyPrefix + $0 }, read: { key.defaultedMembers(reading: $0) })
        }
    }

    /// A stored key that no declared key uses.
    package struct UndeclaredKey: Sendable {
        /// Its stored name.
        package let name: String
        /// The size of its value in the file's notation, in bytes.
        package let size: Int
        /// When it last changed, where the store knows.
        package var lastChanged: Date?
        /// The declared key whose former name it is: its value moves there, so `--gc` never removes it.
        package let formerNameOf: String?
        /// Whether its name is under the app's key prefix (`--gc` removes only those).
        package let isUnderPrefix: Bool

        /// Whether `--gc` removes it.
        package var isRemovable: Bool { formerNameOf == nil && isUnderPrefix }
    }

    /// A stored value that does not read as its key's type, wholly or in some members.
    package struct InvalidValue: Sendable {
        /// The stored name.
        package let name: String
        /// The key's type.
        package let typeName: String
        /// The members that read their default, or nil when the whole value reads the default.
        package let defaultedMembers: [PreferenceDefaultedMember]?
        /// The stored value; nil for a secret key.
        package let value: PreferenceValue?
    }

    /// A stored key whose value the app does not read, because an override layer shadows it.
    package struct ShadowedKey: Sendable {
        /// The stored name.
        package let name: String
        /// The layer, for people (`environment variable EXAMPLE_APP_THEME`).
        package let overriddenBy: String

        /// A shadowed key.
        package init(name: String, overriddenBy: String) { (self.name, self.overriddenBy) = (name, overriddenBy) }
    }

    /// What the store is, for people: a file's path, a domain, a namespace.
    package var location: String
    /// How many keys the store holds.
    package var keyCount: Int
    /// How many of the stored keys the app declares; nil when the checkup does not know which it declares.
    package var declaredCount: Int?
    /// The app's key prefix; empty when it has none (or the checkup was not told it).
    package var keyPrefix: String
    /// Keys no declared key uses, in the order of their names.
    package var undeclared: [UndeclaredKey] = []
    /// Stored names outside the key prefix: not the app's.
    package var outsidePrefix: [String] = []
    /// Values that do not read as their key's type.
    package var invalid: [InvalidValue] = []
    /// Keys an override layer shadows.
    package var shadowed: [ShadowedKey] = []
    /// Files with modes or owners that let others read or replace them.
    package var unsafeFiles: [FileSafety.Problem] = []
    /// Temporary files of unfinished writes, and damaged copies moved aside.
    package var leftovers: [PreferenceFileLeftover] = []

    /// Examines a store's keys.
    ///
    /// - Parameters:
    ///   - location: The store, for people.
    ///   - contents: Every stored key with its value.
    ///   - declared: The app's keys in this store; nil when unknown (then no key is judged).
    ///   - keyPrefix: The app's key prefix, or "".
    ///   - reserved: Stored names that Prefs itself uses (the record of migrations): never reported.
    package init(
        location: String, contents: [String: PreferenceValue], declared: [DeclaredKey]?, keyPrefix: String,
        reserved: Set<String>
    ) {
        self.location = location
        self.keyCount = contents.count
        self.keyPrefix = keyPrefix
        guard let declared else { return }
        self.declaredCount = declared.filter { contents[$0.storedName] != nil }.count
        let byName = Dictionary(declared.map { ($0.storedName, $0) }, uniquingKeysWith: { first, _ in first })
        var formerNameOf: [String: String] = [:]
        for key in declared {
            for former in key.formerNames { formerNameOf[former] = formerNameOf[former] ?? key.storedName }
        }
        for name in contents.keys.sorted() where !reserved.contains(name) {
            let value = contents[name]!
            if let key = byName[name] {
                let defaulted = key.read(value)
                if defaulted?.isEmpty != true {
                    invalid.append(
                        InvalidValue(
                            name: name, typeName: key.typeName, defaultedMembers: defaulted,
                            value: key.isSecret ? nil : value))
                }
            } else if !keyPrefix.isEmpty, !name.hasPrefix(keyPrefix), formerNameOf[name] == nil {
                outsidePrefix.append(name)
            } else {
                undeclared.append(
                    UndeclaredKey(
                        name: name, size: PreferenceJSON.text(of: value, pretty: false).utf8.count,
                        formerNameOf: formerNameOf[name], isUnderPrefix: !keyPrefix.isEmpty && name.hasPrefix(keyPrefix)
                    ))
            }
        }
    }

    /// Adds when each undeclared key last changed, from a store that knows.
    ///
    /// - Parameter store: The store.
    package mutating func addChangeTimes(from store: any PreferenceStore) {
        guard let timed = store as? any PreferenceStoreChangeTimes, !undeclared.isEmpty else { return }
        let times = timed.lastChangeTimes(of: undeclared.map(\.name))
        for index in undeclared.indices { undeclared[index].lastChanged = times[undeclared[index].name] }
    }

    /// Adds the unsafe files and the leftovers of a preferences file.
    ///
    /// - Parameter path: The file, or a link to it.
    package mutating func addFiles(ofPreferenceFile path: String) {
        leftovers = PreferenceFileLeftover.all(besideFileAt: path)
        let target = (try? FilePreferenceStore.resolvedPath(of: path)) ?? path
        let damaged = leftovers.filter { $0.kind == .damagedCopy }.map(\.path)
        unsafeFiles = FileSafety.problems(
            files: [target, target + ".lock"] + damaged,
            folder: URL(fileURLWithPath: target).deletingLastPathComponent().path)
    }

    /// The undeclared keys `--gc` removes.
    package var removable: [UndeclaredKey] { undeclared.filter(\.isRemovable) }

    /// Whether the checkup found nothing to report.
    package var isClean: Bool {
        undeclared.isEmpty && invalid.isEmpty && shadowed.isEmpty && unsafeFiles.isEmpty && leftovers.isEmpty
    }
}
