// The controls the documentation's SwiftUI samples use (scripts/check-samples.py compiles them against these
// stand-ins) and PrefsEditors' PreferencesForm uses.

/// `@frozen struct LocalizedStringKey` (page: localizedstringkey). SwiftUI's also takes string interpolations;
/// the samples use literals only.
@frozen
public struct LocalizedStringKey: Equatable, ExpressibleByStringLiteral, Sendable {
    /// `init(stringLiteral value: String)` (page: localizedstringkey/init(stringliteral:))
    public init(stringLiteral value: String) { standIn() }
}

/// `@frozen struct Text` (page: text)
@frozen
public struct Text: View {
    /// `init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? =
    /// nil)` (page: text/init(_:tablename:bundle:comment:)), without the localization table's parameters.
    public init(_ key: LocalizedStringKey) { standIn() }

    /// `init<S>(_ content: S) where S : StringProtocol` (page: text/init(_:)-9d1g4)
    public init<S>(_ content: S) where S: StringProtocol { standIn() }

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}

/// `struct Toggle<Label> where Label : View` (page: toggle)
public struct Toggle<Label: View>: View {
    /// `init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>)` where `Label == Text` (page:
    /// toggle/init(_:ison:))
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) where Label == Text { standIn() }

    /// `nonisolated init(isOn: Binding<Bool>, @ContentBuilder label: () -> Label)` (page: toggle/init(ison:label:))
    nonisolated public init(isOn: Binding<Bool>, @ContentBuilder label: () -> Label) { standIn() }

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}

/// `struct TextField<Label> where Label : View` (page: textfield)
public struct TextField<Label: View>: View {
    /// `init(_ titleKey: LocalizedStringKey, text: Binding<String>)` where `Label == Text` (page:
    /// textfield/init(_:text:))
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text { standIn() }

    /// `nonisolated init<S>(_ title: S, text: Binding<String>) where S : StringProtocol`, where `Label == Text`
    /// (page: textfield/init(_:text:)-2laoi)
    nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol, Label == Text { standIn() }

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}
