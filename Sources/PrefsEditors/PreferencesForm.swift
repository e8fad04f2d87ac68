#if canImport(SwiftUI)
public import Prefs
public import SwiftUI

/// A settings screen generated from declared keys: a `Form` with a section per ``PreferenceFormSection`` and a row
/// per key, bound to it through its ``PreferenceEditor``: a switch for a `Bool`, a text field for anything else, whose
/// text is checked as the key's type on every change; a refused text keeps the stored value and says why.
///
/// ```swift
/// PreferencesForm(keys: [AnyPreferenceKey(\.showHelloWorld), AnyPreferenceKey(\.launchCount)], preferences: prefs)
/// ```
public struct PreferencesForm: View {
    private let sections: [PreferenceFormSection]
    private let preferences: Preferences

    /// A form of `keys` in `preferences`.
    ///
    /// - Parameters:
    ///   - keys: The declared keys, in the order the rows show them.
    ///   - preferences: The container they live in.
    public init(keys: [AnyPreferenceKey], preferences: Preferences) {
        self.sections = PreferenceFormSection.sections(of: keys)
        self.preferences = preferences
    }

    /// The form.
    public var body: some View {
        Form {
            ForEach(0..<sections.count) { index in
                Section {
                    ForEach(0..<sections[index].keys.count) { row in
                        PreferenceRow(key: sections[index].keys[row], preferences: preferences)
                    }
                } header: {
                    Text(sections[index].title)
                } footer: {
                    Text(sections[index].keys.count == 1 ? "1 setting" : "\(sections[index].keys.count) settings")
                }
            }
        }
    }
}

/// One key's row.
struct PreferenceRow: View {
    let key: AnyPreferenceKey
    let preferences: Preferences
    @State private var draft: String? = nil
    @State private var refusal: String? = nil

    var body: some View {
        let (key, preferences, editor) = (key, preferences, PreferenceEditor(key: key))
        let label = editor.description ?? editor.name
        guard editor.control != .toggle else {
            let isOn = Binding(
                get: { preferences.currentValue(of: key) == .bool(true) },
                set: { try? preferences.set(.bool($0), for: key) })
            return AnyView(Toggle(isOn: isOn) { Text(label) })
        }
        let (draft, refusal) = ($draft, $refusal)
        let current = preferences.currentValue(of: key)
        let control = editor.control == .secret ? .secret : editor.control(showing: current)
        let text = Binding(
            get: { draft.wrappedValue ?? current.map { editor.text(of: $0, in: control) } ?? "" },
            set: { newText in
                draft.wrappedValue = newText
                do {
                    try preferences.set(editor.value(editing: newText, in: control), for: key)
                    refusal.wrappedValue = nil
                } catch {
                    refusal.wrappedValue = (error as? PreferenceEditError)?.message ?? "\(error)"
                }
            })
        return AnyView(TextField(refusal.wrappedValue.map { "\(label): \($0)" } ?? label, text: text))
    }
}
#endif
