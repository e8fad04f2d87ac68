public import Foundation
public import Prefs
public import PrefsEditors

/// What a console shows and changes: keys with their editors, current values and sources, and, where the store keeps
/// one, their history. ``DeclaredSettings`` serves an app's declared keys through its container; ``StoreSettings``
/// serves a store's keys as a JSON Schema describes them (`prefs serve`).
///
/// Reads and writes block the calling thread briefly (a store call); the console makes them off its event loops.
public protocol ConsoleSettings: Sendable {
    /// What the page's title names: an app, a file, a namespace.
    var title: String { get }

    /// Every key the console shows, with its current value, in the order the page lists them.
    ///
    /// - Returns: The keys' states.
    /// - Throws: The store's error when it cannot be read.
    func keys() throws -> [ConsoleKeyState]

    /// Writes one key, already checked by its editor, with the reason the person gave.
    ///
    /// - Parameters:
    ///   - value: The new value; nil removes the stored value, so the key reads its default.
    ///   - key: The key's stored name.
    ///   - reason: Why, as typed into the console; nil when none was given.
    /// - Throws: The store's error; nothing is written then.
    func write(_ value: PreferenceValue?, to key: String, reason: PreferenceWriteReason?) throws

    /// The names of keys as they change, whoever changes them (this console, an instance, `prefs`, a hand edit).
    ///
    /// - Returns: A sequence that ends when the consuming task is cancelled.
    func changedKeys() -> AsyncStream<String>

    /// Whether ``history(of:limit:)`` and ``rollback(_:toVersion:reason:)`` work: a PostgreSQL namespace keeps a
    /// history; a preferences file does not.
    var keepsHistory: Bool { get }

    /// The recorded changes of one key or of every key, newest first.
    ///
    /// - Parameters:
    ///   - key: A key's stored name; nil for every key.
    ///   - limit: The most entries returned.
    /// - Returns: The entries.
    /// - Throws: The store's error.
    func history(of key: String?, limit: Int) throws -> [ConsoleHistoryEntry]

    /// Gives a key the value it had at one of its versions again, recorded with `reason` as a new version.
    ///
    /// - Parameters:
    ///   - key: The key's stored name.
    ///   - version: One of the key's versions, from ``history(of:limit:)``.
    ///   - reason: Why, as typed into the console.
    /// - Throws: The store's error (an unknown or purged version); nothing is written then.
    func rollback(_ key: String, toVersion version: Int64, reason: PreferenceWriteReason?) throws

    /// How the settings' store is connected, for a store that can lose its server ("connected", "offline since
    /// 15:47:02, retrying"); nil for a store that cannot.
    var connectionState: String? { get }
}

extension ConsoleSettings {
    /// No history: `false`.
    public var keepsHistory: Bool { false }

    /// No history: empty.
    ///
    /// - Parameters:
    ///   - key: Unused.
    ///   - limit: Unused.
    /// - Returns: No entries.
    /// - Throws: Nothing; a store with a history throws its error.
    public func history(of key: String?, limit: Int) throws -> [ConsoleHistoryEntry] { [] }

    /// No history to roll back to.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - version: The version.
    ///   - reason: Unused.
    /// - Throws: ``ConsoleError`` saying that these settings keep no history.
    public func rollback(_ key: String, toVersion version: Int64, reason: PreferenceWriteReason?) throws {
        throw ConsoleError(.notFound, "\(title) keeps no history to roll back to")
    }

    /// A store that cannot lose a server: nil.
    public var connectionState: String? { nil }
}

/// One key as the console shows it.
public struct ConsoleKeyState: Sendable {
    /// How the key is edited: its control, bounds, allowed values, description, secrecy.
    public var editor: PreferenceEditor
    /// The stored form of its current value (an override's, the store's, or the default); nil when it has none.
    public var value: PreferenceValue?
    /// Where the value comes from: "store 'default'", "environment variable APP_THEME", "the default value".
    public var source: String
    /// Whether the store holds a value for the key (so that a reset changes something).
    public var isStored: Bool

    /// A key's state.
    ///
    /// - Parameters:
    ///   - editor: How the key is edited.
    ///   - value: Its current value.
    ///   - source: Where the value comes from.
    ///   - isStored: Whether the store holds a value for it.
    public init(editor: PreferenceEditor, value: PreferenceValue?, source: String, isStored: Bool) {
        self.editor = editor
        self.value = value
        self.source = source
        self.isStored = isStored
    }
}

/// One recorded change of a key, as the history shows it.
public struct ConsoleHistoryEntry: Sendable, Equatable {
    /// The key's stored name.
    public var key: String
    /// The version the change gave the key: what a rollback names.
    public var version: Int64
    /// The value before; nil when the key had none.
    public var oldValue: PreferenceValue?
    /// The value after; nil when the change removed the key.
    public var newValue: PreferenceValue?
    /// When, by the store's clock.
    public var time: Date
    /// Who: a database role and application name ("alice via prefs").
    public var author: String
    /// Why, when the writer gave a reason.
    public var reason: String?

    /// An entry.
    ///
    /// - Parameters:
    ///   - key: The key's stored name.
    ///   - version: The version the change gave it.
    ///   - oldValue: The value before.
    ///   - newValue: The value after.
    ///   - time: When.
    ///   - author: Who.
    ///   - reason: Why.
    public init(
        key: String, version: Int64, oldValue: PreferenceValue?, newValue: PreferenceValue?, time: Date,
        author: String, reason: String?
    ) {
        self.key = key
        self.version = version
        self.oldValue = oldValue
        self.newValue = newValue
        self.time = time
        self.author = author
        self.reason = reason
    }
}
