#if canImport(SwiftUI)
internal import Foundation
public import SwiftUI

private struct DefaultPreferencesKey: EnvironmentKey {
    static let defaultValue: Preferences? = nil
}

extension EnvironmentValues {
    /// The container that ``Preference`` properties without an explicit container, and
    /// ``Persistence`` properties without a `store:`, use in this view tree; nil for their usual one.
    public var defaultPreferences: Preferences? {
        get { self[DefaultPreferencesKey.self] }
        set { self[DefaultPreferencesKey.self] = newValue }
    }
}

extension View {
    /// Points the view tree at another container, as `defaultAppStorage(_:)` does for `@AppStorage`:
    /// its ``Preference`` properties without an explicit container, and its ``Persistence``
    /// properties without a `store:`, read and write `preferences`.
    ///
    /// ```swift
    /// ContentView().defaultPreferences(Preferences(store: InMemoryPreferenceStore()))   // a preview
    /// ```
    ///
    /// - Parameter preferences: The container.
    /// - Returns: The view, with the container in its environment.
    public func defaultPreferences(_ preferences: Preferences) -> some View {
        environment(\.defaultPreferences, preferences)
    }
}

/// The `defaultPreferences` of the view that holds a property wrapper. SwiftUI fills in the
/// environment value and calls `update()` before each `body`; the value is kept in a box, so the
/// wrapper reads it without touching `Environment` outside a view (where SwiftUI would warn).
struct PreferencesEnvironment: DynamicProperty, @unchecked Sendable {
    @Environment(\.defaultPreferences) private var fromEnvironment: Preferences?
    private let box = Lock<Preferences?>(nil)

    /// The view tree's container; nil outside a view or when the tree sets none.
    var preferences: Preferences? { box.withLock { $0 } }

    func update() {
        guard Thread.isMainThread else { return }  // SwiftUI updates views' properties on the main thread
        let current = MainActor.assumeIsolated { fromEnvironment }
        box.withLock { $0 = current }
    }
}
#endif
