public import Foundation

// The initializers of SwiftUI's `@AppStorage`, one for one.

extension Persistence {
    /// A property that reads and writes a Boolean under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = false
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Bool, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .userDefaultsBool), store: store)
    }

    /// A property that reads and writes an integer under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = 0
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Int, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .storable), store: store)
    }

    /// A property that reads and writes a double under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = 0.5
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Double, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .storable), store: store)
    }

    /// A property that reads and writes a string under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = "fatbobman"
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: String, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .storable), store: store)
    }

    /// A property that reads and writes a URL (archived as `UserDefaults.set(_:forKey:)` archives it on Apple platforms) under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = URL(string: "https://example.com")!
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: URL, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .userDefaultsURL), store: store)
    }

    /// A property that reads and writes a date under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = Date.now
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Date, _ key: String, store: UserDefaults? = nil) where Value == Date {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .storable), store: store)
    }

    /// A property that reads and writes data under `key`.
    ///
    /// ```swift
    /// @Persistence("key") var value = Data()
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none (or none of this kind).
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Data, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .storable), store: store)
    }

    /// A property that reads and writes a `RawRepresentable` value stored as its `Int` raw value.
    ///
    /// ```swift
    /// enum Level: Int, Sendable { case low, high }
    /// @Persistence("level") var level = Level.low
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none, or a raw value that names no value.
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .rawValue), store: store)
    }

    /// A property that reads and writes a `RawRepresentable` value stored as its `String` raw value.
    ///
    /// ```swift
    /// enum Theme: String, Sendable { case system, light, dark }
    /// @Persistence("theme") var theme = Theme.system
    /// ```
    ///
    /// - Parameters:
    ///   - wrappedValue: The value read while the defaults hold none, or a raw value that names no value.
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String {
        self.init(PersistenceKey(key, default: wrappedValue, codec: .rawValue), store: store)
    }
}

// The optional forms: nil while nothing is stored; setting nil removes the stored value.

extension Persistence {
    /// A property that reads and writes an optional Bool: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<Bool>.userDefaultsBool), store: store)
    }

    /// A property that reads and writes an optional Int: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<Int>.storable), store: store)
    }

    /// A property that reads and writes an optional Double: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<Double>.storable), store: store)
    }

    /// A property that reads and writes an optional String: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<String>.storable), store: store)
    }

    /// A property that reads and writes an optional URL: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<URL>.userDefaultsURL), store: store)
    }

    /// A property that reads and writes an optional Date: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Date? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<Date>.storable), store: store)
    }

    /// A property that reads and writes an optional Data: nil while none is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? {
        self.init(PersistenceKey(key, codec: PreferenceCodec<Data>.storable), store: store)
    }

    /// A property that reads and writes an optional `RawRepresentable` value stored as its `Int` raw
    /// value: nil while none (or a raw value that names no value) is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init<R>(_ key: String, store: UserDefaults? = nil)
    where Value == R?, R: RawRepresentable & Sendable, R.RawValue == Int {
        self.init(PersistenceKey(key, codec: PreferenceCodec<R>.rawValue), store: store)
    }

    /// A property that reads and writes an optional `RawRepresentable` value stored as its `String` raw
    /// value: nil while none (or a raw value that names no value) is stored.
    ///
    /// - Parameters:
    ///   - key: The defaults key.
    ///   - store: The defaults; nil for `UserDefaults.standard` (or the view tree's container in SwiftUI).
    public init<R>(_ key: String, store: UserDefaults? = nil)
    where Value == R?, R: RawRepresentable & Sendable, R.RawValue == String {
        self.init(PersistenceKey(key, codec: PreferenceCodec<R>.rawValue), store: store)
    }
}
