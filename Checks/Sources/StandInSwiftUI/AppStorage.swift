public import Foundation

/// `@frozen @propertyWrapper struct AppStorage<Value>` (page: appstorage): the initializers the documentation's
/// "before" samples use (scripts/check-samples.py compiles them against these stand-ins); Prefs' own sources use none.
@frozen @propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    /// `var wrappedValue: Value { get nonmutating set }` (page: appstorage/wrappedvalue)
    public var wrappedValue: Value {
        get { standIn() }
        nonmutating set { standIn() }
    }

    /// `var projectedValue: Binding<Value> { get }` (page: appstorage/projectedvalue)
    public var projectedValue: Binding<Value> { standIn() }

    /// `init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)` where `Value == String` (page:
    /// appstorage/init(wrappedvalue:_:store:), the String one)
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String { standIn() }

    /// `init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)` where `Value : RawRepresentable,
    /// Value.RawValue == String` (page: appstorage/init(wrappedvalue:_:store:), the RawRepresentable one)
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String { standIn() }
}

extension AppStorage {
    /// `init(_ key: String, store: UserDefaults? = nil)` where `Value == Date?` (page: appstorage/init(_:store:))
    public init(_ key: String, store: UserDefaults? = nil) where Value == Date? { standIn() }
}
