/// `@frozen @propertyWrapper @dynamicMemberLookup struct Binding<Value>` (page: binding)
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    /// `@preconcurrency init(get: @escaping @isolated(any) @Sendable () -> Value,
    /// set: @escaping @isolated(any) @Sendable (Value) -> Void)` (page: binding/init(get:set:)-7ufcp)
    @preconcurrency
    public init(
        get: @escaping @isolated(any) @Sendable () -> Value,
        set: @escaping @isolated(any) @Sendable (Value) -> Void
    ) { standIn() }

    /// `var wrappedValue: Value { get nonmutating set }` (page: binding/wrappedvalue)
    public var wrappedValue: Value {
        get { standIn() }
        nonmutating set { standIn() }
    }

    /// `subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { get }`
    /// (page: binding/subscript(dynamicmember:))
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        standIn()
    }
}

/// "A binding conforms to Sendable only if its wrapped value type also conforms to Sendable" (page:
/// binding/init(get:set:)-7ufcp, Discussion).
extension Binding: @unchecked Sendable where Value: Sendable {}
