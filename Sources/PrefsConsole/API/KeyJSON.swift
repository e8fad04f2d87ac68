internal import Foundation
internal import Prefs
internal import PrefsEditors

/// A key as the API describes it (see the Console article): its editor, and its current value in Prefs' JSON
/// notation and in the text of the control that shows it exactly; a secret's value never.
enum KeyJSON {
    static func value(of state: ConsoleKeyState) -> JSONText.Value {
        let editor = state.editor
        let control = editor.control(showing: state.value)
        var members: [(String, JSONText.Value)] = [
            ("name", .string(editor.name)),
            ("type", .string(editor.typeName)),
            ("description", .optional(editor.description)),
            ("secret", .bool(editor.isSecret)),
            ("source", .string(state.source)),
            ("stored", .bool(state.isStored)),
            ("control", .string(editor.control.rawValue)),
            ("valueControl", .string(control.rawValue)),
        ]
        if editor.isSecret {
            members += [("set", .bool(state.value != nil)), ("json", .null), ("text", .null)]
        } else {
            members += [
                ("json", .optional(state.value.map { PreferenceJSON.text(of: $0, pretty: false) })),
                ("text", .optional(state.value.map { editor.text(of: $0, in: control) })),
                ("default", .optional(editor.defaultValue.map { PreferenceJSON.text(of: $0, pretty: false) })),
            ]
        }
        members += [
            ("minimum", .optional(editor.minimum.map { PreferenceJSON.text(of: $0, pretty: false) })),
            ("maximum", .optional(editor.maximum.map { PreferenceJSON.text(of: $0, pretty: false) })),
            (
                "allowed",
                editor.allowedValues.map { values in
                    .array(
                        values.map {
                            .object([
                                ("json", .string(PreferenceJSON.text(of: $0, pretty: false))),
                                ("label", .string(editor.label(of: $0))),
                            ])
                        })
                } ?? .null
            ),
        ]
        return .object(members)
    }

    static func value(of entry: ConsoleHistoryEntry, isSecret: Bool) -> JSONText.Value {
        func json(_ value: PreferenceValue?) -> JSONText.Value {
            guard let value else { return .null }
            return isSecret ? .string("\"<secret>\"") : .string(PreferenceJSON.text(of: value, pretty: false))
        }
        return .object([
            ("key", .string(entry.key)),
            ("version", .string(String(entry.version))),
            ("old", json(entry.oldValue)),
            ("new", json(entry.newValue)),
            ("time", .string(PreferenceDateFormat.string(from: entry.time))),
            ("author", .string(entry.author)),
            ("reason", .optional(entry.reason)),
        ])
    }
}
