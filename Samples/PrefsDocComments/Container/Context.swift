// Complete form of samples in: Sources/Prefs/Container/PreferenceKeysTransaction.swift, Sources/Prefs/Container/Preferences+Resetting.swift, Sources/Prefs/Standard/Preferences+Standard.swift, Sources/Prefs/Container/Preferences+Reading.swift, Sources/Prefs/Container/Preferences+Transactions.swift, Sources/Prefs/Wrappers/Preferences+UserDefaults.swift, Sources/Prefs/Container/Preferences.swift, Sources/Prefs/Evolution/PreferenceMigration.swift, Sources/Prefs/Keys/AnyPreferenceKey.swift, Sources/Prefs/Keys/Preferences+AnyPreferenceKey.swift, Sources/Prefs/Observation/PreferenceObservationToken.swift, Sources/Prefs/Observation/Preferences+AllKeys.swift, Sources/Prefs/Observation/Preferences+Observable.swift, Sources/Prefs/Observation/Preferences+Observing.swift, Sources/Prefs/Overrides/PreferenceOverrideLayer.swift, Sources/Prefs/Overrides/Preferences+Overrides.swift, Sources/Prefs/Schema/Preferences+JSONSchema.swift, Sources/Prefs/Stores/File/FilePreferenceStore.swift, Sources/Prefs/Stores/InMemoryPreferenceStore.swift, Sources/Prefs/Stores/PreferenceWriteReason.swift, Sources/Prefs/Stores/UserDefaults/PreferenceCodec+UserDefaults.swift, Sources/Prefs/Stores/UserDefaults/UserDefaultsPreferenceStore.swift, Sources/Prefs/Values/PreferenceCodec.swift, Sources/Prefs/Values/PreferenceValue.swift, Sources/Prefs/Values/PreferenceValueDecoder.swift, Sources/Prefs/Values/PreferenceStorable.swift
// What the samples use and do not show.
import Foundation
import Prefs

let prefs = Preferences(stores: [.default: InMemoryPreferenceStore(), .appGroup: InMemoryPreferenceStore()])
let frame = Frame(width: 1280, height: 800)
let url = FilePreferenceStore.standardURL(appID: "com.example.app")
let settingsURL = url

enum Theme: String, Sendable, CaseIterable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable {
    var x = 0.0, y = 0.0, width = 0.0, height = 0.0
    static let zero = Frame()
}
extension Frame: PreferenceStorable {}

extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }

extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var theme: Key<Theme> { Key("theme", default: .system) }
    var window: Key<Frame> { Key("window", default: .zero) }
    var lastOpened: Key<Date?> { Key("last_opened") }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
    var username: Key<String> { Key("username", default: "") }
    var useNewCache: Key<Bool> { Key("use_new_cache", default: true) }
    var homepage: Key<URL?> { Key("homepage", codec: .userDefaultsURL) }
}

func apply(_ theme: Theme) {}

/// A secret store of the samples' own.
struct Vault: Sendable {
    func text(for key: String) -> String? { nil }
}
let vault = Vault()

struct Box<Payload: Sendable>: Sendable { var payload: Payload }
extension Box: Codable where Payload: Codable {}
extension Box: PreferenceStorable where Payload: Codable {}
