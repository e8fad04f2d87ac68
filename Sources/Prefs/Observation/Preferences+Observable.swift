/// `Preferences` takes part in Observation per key: reading `prefs[\.theme]` inside
/// `withObservationTracking` (or a SwiftUI view body) tracks the `theme` key only.
///
/// ```swift
/// withObservationTracking {
///     _ = prefs[\.theme]
/// } onChange: {
///     print("theme will change")
/// }
/// ```
extension Preferences: Observable {}
