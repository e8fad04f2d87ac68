/// `@frozen @propertyWrapper struct Environment<Value>` (page: environment)
@frozen @propertyWrapper
public struct Environment<Value> {
    /// `init(_ keyPath: KeyPath<EnvironmentValues, Value>)` (page: environment/init(_:))
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { standIn() }

    /// `var wrappedValue: Value { get }` (page: environment/wrappedvalue)
    public var wrappedValue: Value { standIn() }
}

/// Environment is a dynamic property (page: dynamicproperty, "Conforming Types").
extension Environment: DynamicProperty {}
