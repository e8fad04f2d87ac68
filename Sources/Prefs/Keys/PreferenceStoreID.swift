/// The name under which a ``Preferences`` container knows one of its stores.
///
/// Keys name the store that holds them (``PreferenceStoreID/default`` unless they say otherwise),
/// and the app binds every ID to a store when it creates its container:
///
/// ```swift
/// extension PreferenceStoreID { static let appGroup = PreferenceStoreID("group") }
///
/// let prefs = Preferences(stores: [.default: InMemoryPreferenceStore(), .appGroup: InMemoryPreferenceStore()])
/// ```
public struct PreferenceStoreID: Hashable, Sendable, CustomStringConvertible {
    /// The ID's name, as shown in messages.
    public let name: String

    /// Creates a store ID.
    ///
    /// - Parameter name: A name that identifies the store within a container.
    @inlinable
    public init(_ name: String) { self.name = name }

    /// The store that keys use unless they name another one.
    @inlinable
    public static var `default`: PreferenceStoreID { PreferenceStoreID("default") }

    /// The ID's name.
    public var description: String { name }
}
