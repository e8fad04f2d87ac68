// Complete form of samples in: Sources/PrefsEditors/PreferenceEditor.swift, Sources/PrefsEditors/PreferenceEditor+Schema.swift
import Foundation
import Prefs
import PrefsEditors

// PreferenceEditor.swift
func editLaunchCount() throws {
    let editor = PreferenceEditor(key: AnyPreferenceKey(\.launchCount))
    editor.control                                   // .integer
    let value = try editor.value(editing: "42", in: .integer)   // .integer(42), checked as an Int
}

// PreferenceEditor+Schema.swift
func readSchema() throws {
    let editors = try PreferenceEditor.editors(fromSchema: String(contentsOfFile: "app.schema.json", encoding: .utf8))
}

// What the samples above use and do not show.
extension PreferenceKeys {
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
