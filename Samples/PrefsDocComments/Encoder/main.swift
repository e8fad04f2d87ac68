// Complete form of samples in: Sources/Prefs/Values/PreferenceValueEncoder.swift
import Prefs

struct Frame: Codable { var width = 640, height = 480, title: String? = nil }
let stored = try PreferenceValueEncoder().encode(Frame())  // ["width": 640, "height": 480]
