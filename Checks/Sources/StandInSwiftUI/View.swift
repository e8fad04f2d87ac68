/// `@MainActor @preconcurrency protocol View` (page: view)
@MainActor @preconcurrency
public protocol View {
    /// `associatedtype Body : View` (page: view/body-swift.associatedtype)
    associatedtype Body: View

    /// `@ContentBuilder @MainActor @preconcurrency var body: Self.Body { get }` (page: view/body-8kl5o), without the
    /// result builder: Prefs declares no view body.
    @MainActor @preconcurrency var body: Self.Body { get }
}

extension View {
    /// `nonisolated func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`
    /// (page: view/environment(_:_:))
    nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        StandInView()
    }
}

/// What the stand-in modifiers return: their signatures say only `some View`.
struct StandInView: View {
    var body: Never { standIn() }
}

/// `Never` is a view with no body (page: view, "Conforming Types"); SwiftUI's leaf views end their `Body` chain there.
extension Never: View {
    /// The body of a view that has none.
    public typealias Body = Never
    /// Never called.
    public var body: Never { standIn() }
}
