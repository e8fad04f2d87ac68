/// `protocol EnvironmentKey` (page: environmentkey)
public protocol EnvironmentKey {
    /// `associatedtype Value` (page: environmentkey/value)
    associatedtype Value

    /// `static var defaultValue: Self.Value { get }` (page: environmentkey/defaultvalue)
    static var defaultValue: Self.Value { get }
}

/// `struct EnvironmentValues` (page: environmentvalues)
public struct EnvironmentValues {
    /// `subscript<K>(key: K.Type) -> K.Value where K : EnvironmentKey { get set }`
    /// (page: environmentvalues/subscript(_:))
    public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey {
        get { standIn() }
        set { standIn() }
    }
}
