/// A read-write reference to a value kept elsewhere, with the shape of SwiftUI's `Binding`: the
/// projected value of ``Preference`` where SwiftUI does not exist.
///
/// ```swift
/// @Preference(\.window, in: prefs) var window
/// let width: PreferenceBinding<Double> = $window.width   // a binding to one member
/// width.wrappedValue = 800                               // writes the whole key
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct PreferenceBinding<Value>: Sendable {
    private let read: @Sendable () -> Value
    private let write: @Sendable (Value) -> Void

    /// Creates a binding from a getter and a setter.
    ///
    /// - Parameters:
    ///   - get: Reads the current value.
    ///   - set: Writes a new value.
    public init(get: @escaping @Sendable () -> Value, set: @escaping @Sendable (Value) -> Void) {
        self.read = get
        self.write = set
    }

    /// The referenced value; setting it writes through.
    public var wrappedValue: Value {
        get { read() }
        nonmutating set { write(newValue) }
    }

    /// The binding itself, so `$binding` can be passed on.
    public var projectedValue: PreferenceBinding<Value> { self }

    /// A binding to a member of the value: reading reads the member, writing writes the whole value.
    ///
    /// - Parameter keyPath: The member.
    public subscript<Member>(
        dynamicMember keyPath: any WritableKeyPath<Value, Member> & Sendable
    ) -> PreferenceBinding<Member> {
        PreferenceBinding<Member>(
            get: { self.wrappedValue[keyPath: keyPath] },
            set: { member in
                var value = self.wrappedValue
                value[keyPath: keyPath] = member
                self.wrappedValue = value
            }
        )
    }
}

extension PreferenceBinding where Value: Sendable {
    /// A binding to a value that never changes; writes are ignored.
    ///
    /// - Parameter value: The value.
    /// - Returns: The binding.
    public static func constant(_ value: Value) -> PreferenceBinding<Value> {
        PreferenceBinding(get: { value }, set: { _ in })
    }
}
