#if canImport(SwiftUI)
public import SwiftUI

extension Preference: DynamicProperty {
    /// A SwiftUI binding to the key.
    ///
    /// Views that read the property are invalidated only when this key changes: reads register the
    /// key with Observation, which SwiftUI tracks per view.
    public var projectedValue: Binding<Value> {
        Binding(get: { self.wrappedValue }, set: { self.wrappedValue = $0 })
    }
}
#endif
