public import Foundation

extension PreferenceCodec where Value == URL {
    /// Stores a URL the way `UserDefaults.set(_:forKey:)` does on Apple platforms, as an archived
    /// `NSURL` (`url(forKey:)` reads it back on every platform), and reads every form `UserDefaults`
    /// holds URLs in: that archive, a path (as Linux's `set(_:forKey:)` and older code store it; a
    /// leading `~` is expanded) and an absolute URL string.
    ///
    /// Use it for a key that `@AppStorage` or plain `UserDefaults` code also reads or writes; it is
    /// the codec of ``Persistence``'s `URL` forms:
    ///
    /// ```swift
    /// var homepage: Key<URL?> { Key("homepage", codec: .userDefaultsURL) }
    /// ```
    ///
    /// Unlike `UserDefaults.set(_:forKey:)` on Apple platforms, a file URL inside the home folder is
    /// archived as it is, without abbreviating the folder to `~`.
    public static var userDefaultsURL: Self {
        Self(
            encode: { url in
                .data(try NSKeyedArchiver.archivedData(withRootObject: url as NSURL, requiringSecureCoding: true))
            },
            decode: { stored in
                switch stored {
                case .data(let archive):
                    guard let url = try NSKeyedUnarchiver.unarchivedObject(ofClass: NSURL.self, from: archive) as URL?
                    else { throw PreferenceValueError.invalidValue(expected: "archived URL", found: stored) }
                    guard url.isFileURL, url.relativePath.hasPrefix("~") else { return url }
                    return URL(fileURLWithPath: NSString(string: url.relativePath).expandingTildeInPath)
                case .string(let string) where string.hasPrefix("/") || string.hasPrefix("~"):
                    return URL(fileURLWithPath: NSString(string: string).expandingTildeInPath)
                case .string(let string):
                    guard let url = URL(string: string), url.scheme != nil else {
                        throw PreferenceValueError.invalidValue(expected: "URL", found: stored)
                    }
                    return url
                default:
                    throw PreferenceValueError.typeMismatch(expected: "URL", found: stored)
                }
            }
        )
    }
}

extension PreferenceCodec where Value == Bool {
    /// A Boolean as `@AppStorage` reads one: a stored Boolean, or the integer 0 or 1 (as
    /// `defaults write … -int 1` stores it).
    static var userDefaultsBool: Self {
        Self(
            encode: { .bool($0) },
            decode: { stored in
                switch stored {
                case .bool(let bool): return bool
                case .integer(0): return false
                case .integer(1): return true
                default: throw PreferenceValueError.typeMismatch(expected: "Bool", found: stored)
                }
            }
        )
    }
}
