// The stand-in for Apple's SwiftUI: exactly the API Prefs uses, so that its `#if canImport(SwiftUI)` branches
// type-check on Linux. Each declaration quotes its signature from Apple's SwiftUI documentation and names the page
// (https://developer.apple.com/documentation/swiftui/<page>). Compiled, never run: every body traps.

/// Traps: the stand-ins are for type-checking only.
func standIn(_ function: StaticString = #function) -> Never {
    fatalError("SwiftUI stand-in \(function) is for type-checking only")
}
