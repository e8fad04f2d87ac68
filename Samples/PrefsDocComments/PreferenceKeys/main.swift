// Complete form of samples in: Sources/Prefs/Keys/PreferenceKeys.swift
import Foundation
import Prefs

extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
    var lastOpened: Key<Date?> { Key("last_opened") }
}

prefs[\.showHelloWorld] = true

let prefs = Preferences(store: InMemoryPreferenceStore())
