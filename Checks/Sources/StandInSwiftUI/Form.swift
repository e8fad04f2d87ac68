// The SwiftUI API that PrefsEditors' PreferencesForm uses (its controls, Text, Toggle and TextField, are in
// Controls.swift, beside the documentation samples'). Each signature is quoted from its page on
// https://developer.apple.com/documentation/swiftui/<page>; generic parameters are named as those pages name them.

/// `@resultBuilder struct ViewBuilder` (page: viewbuilder)
@resultBuilder
public struct ViewBuilder {
    /// `static func buildBlock<Content>(_ content: Content) -> Content` (page: viewbuilder/buildblock(_:))
    public static func buildBlock<Content>(_ content: Content) -> Content { content }
}

/// `typealias ContentBuilder = ViewBuilder` (page: contentbuilder)
public typealias ContentBuilder = ViewBuilder

/// `nonisolated struct Form<Content> where Content : View` (page: form)
public struct Form<Content: View>: View {
    /// `nonisolated init(@ContentBuilder content: () -> Content)` (page: form/init(content:))
    nonisolated public init(@ContentBuilder content: () -> Content) { standIn() }
    /// A stand-in view has no body.
    public var body: Never { standIn() }
}

/// `Section<Parent, Content, Footer>` (page: section), as its initializers' pages name its generic parameters.
public struct Section<Parent, Content, Footer>: View {
    /// `init(@ContentBuilder content: () -> Content, @ContentBuilder header: () -> Parent, @ContentBuilder footer:
    /// () -> Footer)` (page: section/init(content:header:footer:))
    public init(
        @ContentBuilder content: () -> Content, @ContentBuilder header: () -> Parent,
        @ContentBuilder footer: () -> Footer
    ) { standIn() }
    /// A stand-in view has no body.
    public var body: Never { standIn() }
}

/// `struct ForEach<Data, ID, Content> where Data : RandomAccessCollection, ID : Hashable` (page: foreach)
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View {
    /// A stand-in view has no body.
    public var body: Never { standIn() }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// `init(_ data: Range<Int>, @ContentBuilder content: @escaping (Int) -> Content)`
    /// (page: foreach/init(_:content:)-ktgx)
    public init(_ data: Range<Int>, @ContentBuilder content: @escaping (Int) -> Content) { standIn() }
}

/// `@frozen nonisolated struct AnyView` (page: anyview)
@frozen
public struct AnyView: View {
    /// `nonisolated init<V>(_ view: V) where V : View` (page: anyview/init(_:))
    nonisolated public init<V>(_ view: V) where V: View { standIn() }
    /// A stand-in view has no body.
    public var body: Never { standIn() }
}

/// `@frozen @propertyWrapper struct State<Value>` (page: state)
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    /// `init(initialValue value: Value)` (page: state/init(initialvalue:))
    public init(initialValue value: Value) { standIn() }
    /// `init(wrappedValue value: Value)` (page: state/init(wrappedvalue:))
    public init(wrappedValue value: Value) { standIn() }
    /// `var wrappedValue: Value { get nonmutating set }` (page: state/wrappedvalue)
    public var wrappedValue: Value {
        get { standIn() }
        nonmutating set { standIn() }
    }
    /// `var projectedValue: Binding<Value> { get }` (page: state/projectedvalue)
    public var projectedValue: Binding<Value> { standIn() }
}
