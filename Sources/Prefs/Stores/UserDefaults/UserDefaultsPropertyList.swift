internal import Foundation

#if canImport(Darwin)
internal import CoreFoundation
#endif

/// The property-list form of preference values in `UserDefaults`, both ways.
///
/// Every value is stored as the natural property-list type, so `defaults read` and plain
/// `UserDefaults` code see booleans, numbers, strings, data, dates, arrays and dictionaries
/// (a `Codable` value is a dictionary, never an opaque blob). Where the platform's property list
/// would lose information, the value is a one-member dictionary instead, in the same notation as
/// the JSON file store:
///
/// - `{"$date": "2026-11-22T15:47:00.123456Z"}` for a date with a fraction of a second, on Linux only:
///   Foundation there writes `<date>` to whole seconds. The text is the file store's exact form
///   (``PreferenceDateFormat``), so the date reads back bit for bit and the poller never mistakes it
///   for an outside change. Whole-second dates, and every date on Apple platforms, are native dates.
/// - `{"$double": "-0"}` for negative zero, which Linux's property list writes as `0.0`.
/// - `{"$string": <UTF-8 data>}` for a string that starts with U+FEFF, on Linux only: Foundation there drops that
///   first scalar when it reads the file. (A key or member name that starts with one is refused.)
/// - `{"$dictionary": {…}}` around a stored dictionary whose single member's name starts with `$`,
///   so that such a dictionary never reads back as one of the forms above.
///
/// Reading accepts whatever `UserDefaults` returns on either platform: `NSNumber`s or Swift numbers,
/// arrays of optionals (Linux), bridged or native collections.
enum UserDefaultsPropertyList {
    /// Whether the platform's property list keeps dates only to the second.
    #if canImport(Darwin)
    static let losesSubsecondDates = false
    #else
    static let losesSubsecondDates = true
    #endif

    /// Whether the platform drops a U+FEFF (byte-order mark) at the start of each string it reads back from
    /// the property list file (Linux's Foundation does, for values, keys and member names alike).
    #if canImport(Darwin)
    static let dropsLeadingByteOrderMark = false
    #else
    static let dropsLeadingByteOrderMark = true
    #endif

    /// Whether a string would lose its first scalar in the property list file.
    static func losesFirstScalar(_ string: String) -> Bool {
        dropsLeadingByteOrderMark && string.unicodeScalars.first == "\u{FEFF}"
    }

    /// The first key or member name in `changes` that the property list would rename, if any.
    static func unstorableName(in changes: PreferenceStoreWrites) -> String? {
        guard dropsLeadingByteOrderMark else { return nil }
        func search(_ value: PreferenceValue) -> String? {
            switch value {
            case .array(let elements): return elements.lazy.compactMap(search).first
            case .dictionary(let members):
                if let name = members.keys.first(where: losesFirstScalar) { return name }
                return members.values.lazy.compactMap(search).first
            default: return nil
            }
        }
        if let key = changes.keys.first(where: losesFirstScalar) { return key }
        return changes.values.lazy.compactMap { $0.flatMap(search) }.first
    }

    /// A stored object that is not a property-list value `PreferenceValue` can hold.
    struct UnsupportedObject: Error, CustomStringConvertible {
        let typeName: String
        var description: String { "UserDefaults holds a \(typeName), which is not a property-list value" }
    }

    // MARK: Writing

    /// The object to hand to `UserDefaults.set(_:forKey:)` for a value.
    static func object(for value: PreferenceValue) -> Any {
        switch value {
        case .bool(let bool): return bool
        case .integer(let integer):
            // As an `Int` where it fits: Linux's `integer(forKey:)` reads only an `Int`, not an `Int64`.
            return Int(exactly: integer) ?? integer
        case .unsignedInteger(let integer): return integer
        case .double(let double):
            if double == 0 && double.sign == .minus { return ["$double": "-0"] }
            return double
        case .string(let string):
            return losesFirstScalar(string) ? ["$string": Data(string.utf8)] : string
        case .data(let data): return data
        case .date(let date):
            guard losesSubsecondDates, !isWholeSecond(date) else { return date }
            return ["$date": PreferenceDateFormat.string(from: date)]
        case .array(let elements): return elements.map(object(for:))
        case .dictionary(let members):
            let objects: [String: Any] = members.mapValues(object(for:))
            if members.count == 1, members.keys.first!.hasPrefix("$") { return ["$dictionary": objects] }
            return objects
        }
    }

    /// Whether a date is stored exactly by a property list that keeps whole seconds.
    private static func isWholeSecond(_ date: Date) -> Bool {
        let seconds = date.timeIntervalSinceReferenceDate
        return seconds.rounded(.down) == seconds && abs(seconds) < 200_000_000_000
            && !(seconds == 0 && seconds.sign == .minus)  // written as 0
    }

    // MARK: Reading

    /// The value of an object that `UserDefaults.object(forKey:)` returned.
    ///
    /// - Throws: ``UnsupportedObject`` for anything that is not a property-list value.
    static func value(of object: Any) throws -> PreferenceValue {
        switch object {
        case let string as String: return .string(string)
        case let data as Data: return .data(data)
        case let date as Date: return .date(date)
        case let bool as Bool where isBoolean(object): return .bool(bool)
        case let number as NSNumber: return Self.number(number)
        case let elements as [Any?]: return .array(try elements.map(element))
        case let elements as [Any]: return .array(try elements.map(value(of:)))
        default:
            guard let members = try members(of: object) else {
                throw UnsupportedObject(typeName: "\(type(of: object))")
            }
            if members.count == 1, let wrapped = members["$dictionary"], let inner = try Self.members(of: wrapped) {
                return .dictionary(try inner.mapValues(value(of:)))  // a dictionary that looked like a mark
            }
            let values = try members.mapValues(value(of:))
            return special(values) ?? .dictionary(values)
        }
    }

    /// The members of a dictionary, whichever way the platform bridged it; nil for anything else.
    private static func members(of object: Any) throws -> [String: Any]? {
        if let members = object as? [String: Any?] { return try members.mapValues(nonNil) }
        return object as? [String: Any]
    }

    private static func nonNil(_ object: Any?) throws -> Any {
        guard let object else { throw UnsupportedObject(typeName: "nil") }
        return object
    }

    private static func element(_ object: Any?) throws -> PreferenceValue {
        try value(of: nonNil(object))
    }

    /// Whether a value that casts to `Bool` is a Boolean, not a number that bridges to one
    /// (`NSNumber(1) as? Bool` succeeds on every platform).
    private static func isBoolean(_ object: Any) -> Bool {
        // A Swift `Bool` bridges to a Boolean `NSNumber`; other Swift numbers never cast to `Bool`.
        (object as? NSNumber).map(isBooleanNumber) ?? true
    }

    private static func isBooleanNumber(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return String(cString: number.objCType) == "c"
        #endif
    }

    /// A number, as the kind it was stored as: Boolean, integer (signed, or unsigned above
    /// `Int64.max`), or floating point.
    private static func number(_ number: NSNumber) -> PreferenceValue {
        if isBooleanNumber(number) { return .bool(number.boolValue) }
        let type = String(cString: number.objCType)
        if type == "d" || type == "f" { return .double(number.doubleValue) }
        // Integers: the decimal text is exact whatever width the platform chose to box it in.
        let text = number.stringValue
        if let signed = Int64(text) { return .integer(signed) }
        if let unsigned = UInt64(text) { return .unsignedInteger(unsigned) }
        return .double(number.doubleValue)
    }

    /// Turns the one-member dictionaries written for values the property list would lose back
    /// into those values; nil for an ordinary dictionary. (`$dictionary` is unwrapped before.)
    private static func special(_ members: [String: PreferenceValue]) -> PreferenceValue? {
        guard members.count == 1, let (key, value) = members.first, key.hasPrefix("$") else { return nil }
        switch (key, value) {
        case ("$date", .string(let string)): return PreferenceDateFormat.date(from: string).map(PreferenceValue.date)
        case ("$double", .string("-0")): return .double(-0.0)
        case ("$string", .data(let utf8)): return .string(String(decoding: utf8, as: UTF8.self))
        default: return nil
        }
    }
}
