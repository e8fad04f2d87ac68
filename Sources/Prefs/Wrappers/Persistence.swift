internal import Foundation
internal import Logging

#if canImport(SwiftUI)
public import SwiftUI
#endif

/// A property stored in `UserDefaults`, with SwiftUI's `@AppStorage` API, on every platform.
///
/// ```swift
/// @Persistence("username") var name = "fatbobman"
/// @Persistence("nickname", store: UserDefaults(suiteName: "x")) var nickname: String?
/// @Persistence("theme") var theme = Theme.system            // RawRepresentable, Int or String raw values
///
/// name = "Ada"                                               // nonmutating: structs, classes, statics
/// ```
///
/// It has an initializer for every kind `@AppStorage` stores — `Bool`, `Int`, `Double`, `String`,
/// `URL`, `Date`, `Data`, `RawRepresentable` with `Int` or `String` raw values — and their optional
/// forms (nil by default; setting nil removes the value), each with the `store:` parameter. The value
/// is read and written under the given key in the given defaults (`UserDefaults.standard` without
/// one), in the same form `@AppStorage` uses, so data written by either reads back through the other.
///
/// Every property uses the shared container of its defaults (``Preferences/shared(for:)``): it reads
/// from a cache, has written to `UserDefaults` when its setter returns, and is updated live when the
/// key changes behind its back — a direct `UserDefaults` call, another `@Persistence`, another
/// process (see ``UserDefaultsPreferenceStore`` for how each is detected). In SwiftUI it is a
/// `DynamicProperty` whose projected value is a `Binding`; a view that reads it is invalidated only
/// when its key changes, and without a `store:` it follows `defaultPreferences(_:)`. Elsewhere the
/// projected value is a ``PreferenceBinding``.
///
/// `Value` must be `Sendable`, as every preference is: an enum declared `public` needs `: Sendable`.
@propertyWrapper
public struct Persistence<Value: Sendable>: Sendable {
    let key: PreferenceKeys.Key<Value>
    /// The container of the `store:` argument; nil without one.
    private let storeContainer: Preferences?
    /// Without a `store:` argument, the shared container of `UserDefaults.standard`, held so that it
    /// lives as long as this property.
    private let standardContainer: Preferences?
    #if canImport(SwiftUI)
    /// The container a SwiftUI view tree points properties without a `store:` at.
    var environment = PreferencesEnvironment()
    #endif

    init(_ key: PersistenceKey<Value>, store: UserDefaults?) {
        self.key = key.key
        storeContainer = store.map(Preferences.shared(for:))
        let isolated = store != nil || StandardContainers.current?.userDefaults != nil
        standardContainer = isolated ? nil : Preferences.shared(for: .standard)
    }

    /// The container this property reads and writes.
    var preferences: Preferences {
        if let storeContainer { return storeContainer }
        #if canImport(SwiftUI)
        if let fromEnvironment = environment.preferences { return fromEnvironment }
        #endif
        // A test isolated with `.isolatedPreferences` has a UserDefaults suite of its own.
        if let isolated = StandardContainers.current?.userDefaults { return isolated }
        return standardContainer ?? Preferences.shared(for: .standard)
    }

    /// The stored value, or the default while none (or none valid) is stored.
    ///
    /// Setting it wakes the key's observers at once and, as with `@AppStorage`, has reached
    /// `UserDefaults` when the setter returns, so plain `UserDefaults` code reads the new value next
    /// (on Linux that includes `synchronize()`, about 2 ms). A write that fails is logged, and the
    /// property goes back to what the defaults hold.
    public var wrappedValue: Value {
        get { preferences.value(of: key) }
        nonmutating set {
            let preferences = preferences
            do {
                try preferences.write(key, newValue, waitForStore: true)
            } catch {
                preferences.reportFailedWrite(of: key, error)
            }
        }
    }

    /// A binding to the stored value, for code that passes it on to be edited.
    public var binding: PreferenceBinding<Value> { preferenceBinding }

    // The projected value must be declared here, not in an extension: the compiler looks for
    // `$property` in the wrapper's own declaration.
    #if canImport(SwiftUI)
    /// A SwiftUI binding to the stored value.
    ///
    /// Views that read the property are invalidated only when this key changes: reads register the
    /// key with Observation, which SwiftUI tracks per view.
    public var projectedValue: Binding<Value> { swiftUIBinding }
    #else
    /// A ``PreferenceBinding`` to the stored value (a SwiftUI `Binding` where SwiftUI exists).
    public var projectedValue: PreferenceBinding<Value> { binding }
    #endif
}

extension Persistence: PreferenceProperty {}
