#if canImport(SwiftUI)
public import SwiftUI
#endif

/// A property that reads and writes one preference key.
///
/// ```swift
/// @Preference(\.showHelloWorld) var showHelloWorld          // on Preferences.standard
/// @Preference(\.showHelloWorld, in: prefs) var greetsTheWorld   // on another container
///
/// showHelloWorld.toggle()
///
/// @MainActor enum Settings {
///     @Preference(\.showHelloWorld) static var showHelloWorld
/// }
/// ```
///
/// The setter is `nonmutating`, so the wrapper works in structs, classes and static properties
/// alike. Without an explicit container it uses ``Preferences/standard`` as it is at each access
/// (in SwiftUI, the container set with `defaultPreferences(_:)` on the view tree, if any).
/// In SwiftUI, a view that reads the property is invalidated only when this key changes; the
/// projected value is a `Binding` there and a ``PreferenceBinding`` elsewhere.
@propertyWrapper
public struct Preference<Value: Sendable>: Sendable {
    /// The key this property reads and writes.
    public let keyPath: any KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>> & Sendable
    @usableFromInline let container: Preferences?
    /// The key's binding in ``container`` when the property has one: reads then skip the key lookup.
    @usableFromInline let bindingInContainer: BindingID?
    #if canImport(SwiftUI)
    /// The container a SwiftUI view tree points properties without a container at.
    var environment = PreferencesEnvironment()
    #endif

    /// Creates a property for a key.
    ///
    /// With a container, the key is resolved in it at once (its stored value read, if the container had not read
    /// it yet), and every read is then a lock and a field read, no lookup.
    ///
    /// - Parameters:
    ///   - keyPath: The key.
    ///   - preferences: The container; ``Preferences/standard`` when nil.
    public init(
        _ keyPath: any KeyPath<PreferenceKeys, PreferenceKeys.Key<Value>> & Sendable,
        in preferences: Preferences? = nil
    ) {
        self.keyPath = keyPath
        self.container = preferences
        self.bindingInContainer = preferences?.resolve(PreferenceKeys()[keyPath: keyPath])
    }

    /// The container this property uses: its own, else (in a SwiftUI view tree that sets one) the
    /// tree's `defaultPreferences`, else ``Preferences/standard``.
    public var preferences: Preferences {
        if let container { return container }
        #if canImport(SwiftUI)
        if let fromEnvironment = environment.preferences { return fromEnvironment }
        #endif
        return .standard
    }

    /// The key's current value; setting it writes the key.
    @inlinable
    public var wrappedValue: Value {
        get {
            // The wrapper holds the container for the whole read: it is used unretained (retaining a container,
            // which links refer to weakly, takes Swift's slow path).
            if let binding = bindingInContainer, let container = container.map(Unmanaged.passUnretained) {
                return container._withUnsafeGuaranteedRef {
                    $0.value(of: binding, key: PreferenceKeys()[keyPath: keyPath])
                }
            }
            return preferences[keyPath]
        }
        nonmutating set {
            if let container, let binding = bindingInContainer {
                container.writeLogging(PreferenceKeys()[keyPath: keyPath], bound: binding, newValue)
            } else {
                preferences[keyPath] = newValue
            }
        }
    }

    /// Removes the stored value, so that the property reads the key's default again.
    public func reset() { preferences.reset(keyPath) }

    /// A binding to the key, for code that passes the value on to be edited.
    public var binding: PreferenceBinding<Value> { preferenceBinding }

    // The projected value must be declared here, not in an extension: the compiler looks for
    // `$property` in the wrapper's own declaration.
    #if canImport(SwiftUI)
    /// A SwiftUI binding to the key.
    ///
    /// Views that read the property are invalidated only when this key changes: reads register the
    /// key with Observation, which SwiftUI tracks per view.
    public var projectedValue: Binding<Value> { swiftUIBinding }
    #else
    /// A ``PreferenceBinding`` to the key (a SwiftUI `Binding` where SwiftUI exists).
    public var projectedValue: PreferenceBinding<Value> { binding }
    #endif
}

extension Preference: PreferenceProperty {}
