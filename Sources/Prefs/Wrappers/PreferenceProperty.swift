#if canImport(SwiftUI)
internal import SwiftUI
#endif

/// A property whose value lives in a container, read and written through `wrappedValue` (``Preference`` and
/// ``Persistence``): the one implementation of their bindings.
protocol PreferenceProperty: Sendable {
    associatedtype Value: Sendable
    var wrappedValue: Value { get nonmutating set }
}

extension PreferenceProperty {
    /// A ``PreferenceBinding`` that reads and writes the property.
    var preferenceBinding: PreferenceBinding<Value> {
        PreferenceBinding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }

    #if canImport(SwiftUI)
    /// A SwiftUI `Binding` that reads and writes the property.
    var swiftUIBinding: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }
    #endif
}
