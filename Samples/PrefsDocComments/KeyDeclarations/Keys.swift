// Complete form of samples in: Sources/Prefs/Keys/PreferenceKey.swift, Sources/Prefs/Keys/PreferenceStoreID.swift
import Foundation
import Prefs

extension PreferenceKeys {
    var theme: Key<Theme> { Key("theme", default: .system) }            // RawRepresentable
    var window: Key<Frame> { Key("window", default: .zero) }            // Codable & PreferenceStorable
    var lastOpened: Key<Date?> { Key("last_opened") }                   // optional: defaults to nil
    var token: Key<String> { Key("token", default: "", store: .appGroup) }
}

extension PreferenceKeys {
    var legacyFrame: Key<Frame> { Key("frame", default: .zero, codec: .jsonString) }
}

enum Theme: String, Sendable { case system, light, dark }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var width = 0.0, height = 0.0
    static let zero = Frame()
}
