// The few controls the documentation's SwiftUI samples use (scripts/check-samples.py compiles them against these
// stand-ins); Prefs' own sources use none of them.

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

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}

/// `struct Toggle<Label> where Label : View` (page: toggle)
public struct Toggle<Label: View>: View {
    /// `init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>)` where `Label == Text` (page:
    /// toggle/init(_:ison:))
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) where Label == Text { standIn() }

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}

/// `struct TextField<Label> where Label : View` (page: textfield)
public struct TextField<Label: View>: View {
    /// `init(_ titleKey: LocalizedStringKey, text: Binding<String>)` where `Label == Text` (page:
    /// textfield/init(_:text:))
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) where Label == Text { standIn() }

    /// A view's body: a leaf view has none.
    public var body: Never { standIn() }
}
