internal import Foundation
internal import Prefs
internal import PrefsConsole
internal import PrefsEditors
internal import PrefsPostgres

/// A namespace as `prefs serve` shows it: its keys through ``StoreSettings``, and its history and rollback.
struct PostgresSettings: ConsoleSettings {
    let base: StoreSettings
    let store: PostgresPreferenceStore

    init(store: PostgresPreferenceStore, editors: [PreferenceEditor]?, title: String) {
        self.store = store
        self.base =
            editors.map { StoreSettings(store: store, editors: $0, title: title) }
            ?? StoreSettings.untyped(store: store, title: title)
    }

    var title: String { base.title }
    func keys() throws -> [ConsoleKeyState] { try base.keys() }
    func write(_ value: PreferenceValue?, to key: String, reason: PreferenceWriteReason?) throws {
        try base.write(value, to: key, reason: reason)
    }
    func changedKeys() -> AsyncStream<String> { base.changedKeys() }

    var keepsHistory: Bool { true }

    func history(of key: String?, limit: Int) throws -> [ConsoleHistoryEntry] {
        try store.history(of: key, limit: limit).reversed().map { entry in
            ConsoleHistoryEntry(
                key: entry.key, version: entry.version, oldValue: entry.oldValue, newValue: entry.newValue,
                time: entry.time, author: "\(entry.role) via \(entry.applicationName)", reason: nil)
        }
    }

    func rollback(_ key: String, toVersion version: Int64, reason: PreferenceWriteReason?) throws {
        try PreferenceWriteReason.$current.withValue(reason) {
            _ = try store.rollback(key, toVersion: version)
        }
        base.announce([key])
    }
}
