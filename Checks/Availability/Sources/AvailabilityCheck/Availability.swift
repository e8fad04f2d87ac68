/// An Apple platform that Prefs declares in `Package.swift`.
package enum ApplePlatform: String, CaseIterable, Comparable, Sendable {
    case macOS, iOS, tvOS, watchOS, visionOS

    /// The platform named as `@available`, symbol graphs, `swift package dump-package` or the table name it, or nil
    /// for one Prefs does not declare (Mac Catalyst follows iOS; Linux, Swift and `*` are not platforms here).
    package init?(name: String) {
        switch name.lowercased() {
        case "macos", "macosx", "osx": self = .macOS
        case "ios": self = .iOS
        case "tvos": self = .tvOS
        case "watchos": self = .watchOS
        case "visionos", "xros": self = .visionOS
        default: return nil
        }
    }

    package static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A version such as `15.4`.
package struct Version: Comparable, Hashable, Sendable, CustomStringConvertible {
    package var components: [Int]

    /// Parses `15`, `15.4` or `15.4.1`; nil for anything else.
    package init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
        components = parts.map { $0! }
    }

    package init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        components = [major, minor, patch]
    }

    private var padded: [Int] { components + Array(repeating: 0, count: 3 - components.count) }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.padded.lexicographicallyPrecedes(rhs.padded) }
    package static func == (lhs: Self, rhs: Self) -> Bool { lhs.padded == rhs.padded }
    package func hash(into hasher: inout Hasher) { hasher.combine(padded) }

    package var description: String {
        var shown = padded
        while shown.count > 2, shown.last == 0 { shown.removeLast() }
        return shown.map(String.init).joined(separator: ".")
    }

    /// The visionOS version that Swift infers from an iOS version when a declaration names iOS and not visionOS:
    /// iOS 17 is visionOS 1, iOS 18 visionOS 2, and from iOS 26 the numbers are the same.
    var visionOSFromIOS: Version {
        let major = padded[0]
        if major >= 26 { return self }
        if major <= 17 { return Version(1) }
        return Version(major - 16, padded[1], padded[2])
    }
}

/// What one platform says about a declaration or a piece of code.
package enum PlatformAvailability: Hashable, Sendable {
    /// Available from this version on.
    case introduced(Version)
    /// Never available.
    case unavailable
}

/// Availability on the Apple platforms: a symbol's requirement, or what a piece of code may rely on. A platform that is
/// not named constrains nothing.
package struct Availability: Hashable, Sendable, CustomStringConvertible {
    package var platforms: [ApplePlatform: PlatformAvailability]

    package init(_ platforms: [ApplePlatform: PlatformAvailability] = [:]) { self.platforms = platforms }

    /// The same, with visionOS inferred from iOS where only iOS is named, as Swift infers it.
    package var inferringVisionOS: Availability {
        guard platforms[.visionOS] == nil, let iOS = platforms[.iOS] else { return self }
        var copy = self
        switch iOS {
        case .introduced(let version): copy.platforms[.visionOS] = .introduced(version.visionOSFromIOS)
        case .unavailable: copy.platforms[.visionOS] = .unavailable
        }
        return copy
    }

    /// Code inside `inner` (a declaration's `@available`, an `if #available` block) within code that has this
    /// availability: the later version of each platform, and unavailable where either is.
    package func refined(by inner: Availability) -> Availability {
        var result = self
        for (platform, value) in inner.platforms {
            switch (result.platforms[platform], value) {
            case (.unavailable?, _), (_, .unavailable): result.platforms[platform] = .unavailable
            case (.introduced(let outer)?, .introduced(let version)):
                result.platforms[platform] = .introduced(max(outer, version))
            case (nil, _): result.platforms[platform] = value
            }
        }
        return result
    }

    /// The platforms on which code with this availability cannot use a symbol that requires `required`, with the
    /// version each would need (nil where the symbol is unavailable).
    package func shortfalls(for required: Availability) -> [(ApplePlatform, needed: Version?)] {
        var missing: [(ApplePlatform, needed: Version?)] = []
        for platform in ApplePlatform.allCases {
            guard let requirement = required.platforms[platform] else { continue }
            switch (platforms[platform], requirement) {
            case (.unavailable?, _): continue  // the code never runs there
            case (_, .unavailable): missing.append((platform, nil))
            case (.introduced(let here)?, .introduced(let needed)) where here >= needed: continue
            case (_, .introduced(let needed)): missing.append((platform, needed))
            }
        }
        return missing
    }

    package var description: String {
        ApplePlatform.allCases.compactMap { platform in
            switch platforms[platform] {
            case .introduced(let version)?: "\(platform.rawValue) \(version)"
            case .unavailable?: "not \(platform.rawValue)"
            case nil: nil
            }
        }.joined(separator: ", ")
    }
}
