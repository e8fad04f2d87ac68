// Complete form of samples in: Sources/Prefs/Values/PreferenceStorable.swift
import Prefs

struct Frame: Codable, Equatable { var x = 0.0, y = 0.0, width = 0.0, height = 0.0 }
extension Frame: PreferenceStorable {}
