#if canImport(SwiftUI)
public import SwiftUI

/// SwiftUI fills in the environment container (`defaultPreferences`) of a
/// property before each `body`; the projected value, a `Binding`, is declared with the type.
extension Persistence: DynamicProperty {}
#endif
