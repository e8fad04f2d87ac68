/// `protocol DynamicProperty` (page: dynamicproperty)
public protocol DynamicProperty {
    /// `mutating func update()` (page: dynamicproperty/update())
    mutating func update()
}

extension DynamicProperty {
    /// The default `update()`. No page shows it, but SwiftUI has one: conforming types such as `Binding` list no
    /// `update()` of their own, and Prefs' `Preference` and `Persistence` conform without one.
    public mutating func update() {}
}
