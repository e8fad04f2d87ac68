// Complete form of samples in: Sources/Prefs/Keys/PreferenceKey+SchemaChanges.swift
import Prefs

extension PreferenceKeys {
    var window: Key<Frame> {
        Key("window", default: .zero).upgrading(from: OldFrame.self) { Frame(origin: $0.origin, size: $0.size) }
    }
}

struct Point: Codable, Equatable { var x = 0.0, y = 0.0 }
struct Size: Codable, Equatable { var width = 0.0, height = 0.0 }
struct Frame: Codable, Sendable, Equatable, PreferenceStorable {
    var origin = Point(), size = Size()
    static let zero = Frame()
}
struct OldFrame: Codable, PreferenceStorable { var origin: Point; var size: Size }
