internal import Prefs

/// A notification of the triggers, read: `{"version", "at", "namespace", "key"}` with `"value"` or `"removed"` when
/// the value fits, without them when it does not, only `"version"` and `"at"` when the key does not either; or
/// `{"version": 0, "resync": true}` when the namespace's rows changed without versions (a `TRUNCATE`, a dropped
/// namespace).
///
/// Every instance reads every notification of its namespace, so this is on the fan-out's path: the payload's members
/// are scanned in place, in one pass, and only the new value is parsed into a ``PreferenceValue`` (by the file format's
/// parser, exactly as the rows are read). A payload the scan does not expect (one written by hand) is parsed whole.
struct ChangeNotification: Sendable {
    /// The version the change gave its key.
    var version: Int64
    /// The change's time in the database, in microseconds since 1970 (schema 4 and later).
    var changedAt: Int64?
    /// The namespace, when the notification names it.
    var namespace: String?
    /// The key and its new value (nil: removed), when the notification carries them.
    var change: (key: String, value: PreferenceValue?)?
    /// Whether the instance must read the namespace's state (its rows changed without versions).
    var asksForResync = false

    /// The notification in `payload`; nil when it is not one of the triggers'.
    init?(parsing payload: String) {
        var payload = payload
        if let scanned = payload.withUTF8({ NotificationScan.read($0) }) {
            self = scanned
        } else if let parsed = Self(parsingWhole: payload) {
            self = parsed
        } else {
            return nil
        }
    }

    init(version: Int64) {
        self.version = version
    }

    /// The notification parsed as a whole JSON document.
    init?(parsingWhole payload: String) {
        guard case .dictionary(let members) = try? PreferenceJSON.value(parsing: payload),
            case .integer(let version) = members["version"]
        else { return nil }
        self.version = version
        if case .integer(let at) = members["at"] { changedAt = at }
        if case .string(let namespace) = members["namespace"] { self.namespace = namespace }
        asksForResync = members["resync"] == .bool(true)
        if case .string(let key) = members["key"] {
            if let value = members["value"] {
                change = (key, value)
            } else if members["removed"] == .bool(true) {
                change = (key, nil)
            }
        }
    }
}

/// One pass over a notification's bytes as the triggers write them (`json_build_object`): member names and strings
/// without escapes, integers, `true`, and one value (`"value"`) whose extent it finds and hands to the file format's
/// parser.
enum NotificationScan {
    /// The notification in `bytes`; nil for anything the scan does not expect (the caller then parses it whole).
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> ChangeNotification? {
        var scanner = NotificationScanner(bytes: bytes)
        return scanner.notification()
    }
}

private struct NotificationScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The members the triggers write.
    private enum Member {
        case version, at, namespace, key, value, removed, resync, other
    }

    mutating func notification() -> ChangeNotification? {
        var version: Int64?
        var notification = ChangeNotification(version: 0)
        var key: String?
        var value: Range<Int>?
        var removed = false
        guard next() == UInt8(ascii: "{") else { return nil }
        while true {
            guard let member = memberName(), next() == UInt8(ascii: ":") else { return nil }
            skipWhitespace()
            switch member {
            case .version: version = integer()
            case .at: notification.changedAt = integer()
            case .namespace: notification.namespace = string()
            case .key: key = string()
            case .value: value = skipValue()
            case .removed: removed = literalTrue()
            case .resync: notification.asksForResync = literalTrue()
            case .other: guard skipValue() != nil else { return nil }
            }
            switch next() {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"):
                skipWhitespace()
                guard position == bytes.count, let version else { return nil }
                notification.version = version
                if let key {
                    if let value {
                        guard let parsed = Self.value(UnsafeBufferPointer(rebasing: bytes[value])) else { return nil }
                        notification.change = (key, parsed)
                    } else if removed {
                        notification.change = (key, nil)
                    }
                }
                return notification
            default: return nil
            }
        }
    }

    /// A member's name, read without making a string of it; nil when it is not a string without escapes.
    private mutating func memberName() -> Member? {
        guard next() == UInt8(ascii: "\"") else { return nil }
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
            guard bytes[end] != UInt8(ascii: "\\") else { return nil }
            end += 1
        }
        guard end < bytes.count else { return nil }
        let name = UnsafeBufferPointer(rebasing: bytes[position..<end])
        position = end + 1
        func `is`(_ literal: StaticString) -> Bool {
            name.elementsEqual(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
        }
        switch name.count {
        case 2 where `is`("at"): return .at
        case 3 where `is`("key"): return .key
        case 5 where `is`("value"): return .value
        case 6 where `is`("resync"): return .resync
        case 7 where `is`("version"): return .version
        case 7 where `is`("removed"): return .removed
        case 9 where `is`("namespace"): return .namespace
        default: return .other
        }
    }

    /// The value in `bytes`: `true`, `false`, an integer of at most 18 digits and a string without escapes are read
    /// here (most settings are one of these); anything else by the file format's parser, as rows are read.
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>) -> PreferenceValue? {
        guard let first = bytes.first else { return nil }
        if first == UInt8(ascii: "\""), bytes.count >= 2, bytes.last == UInt8(ascii: "\""),
            !bytes.contains(where: { $0 == UInt8(ascii: "\\") || $0 < 0x20 })
        {
            let inner = UnsafeBufferPointer(rebasing: bytes[1..<(bytes.count - 1)])
            if !inner.contains(UInt8(ascii: "\"")) { return .string(String(decoding: inner, as: UTF8.self)) }
        } else if bytes.elementsEqual("true".utf8) {
            return .bool(true)
        } else if bytes.elementsEqual("false".utf8) {
            return .bool(false)
        } else if bytes.count <= 19, let integer = plainInteger(bytes) {
            return .integer(integer)
        }
        return try? PreferenceJSON.value(parsing: String(decoding: bytes, as: UTF8.self))
    }

    /// An integer as JSON writes it (an optional minus, no leading zero, digits only); nil for anything else.
    private static func plainInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = bytes[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18, digits.first != UInt8(ascii: "0") || digits.count == 1 else {
            return nil
        }
        var value: Int64 = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int64(digit - 0x30)
        }
        return negative ? -value : value
    }

    /// The next byte after whitespace, consumed.
    private mutating func next() -> UInt8? {
        skipWhitespace()
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    private mutating func skipWhitespace() {
        while position < bytes.count,
            bytes[position] == 0x20 || bytes[position] == 0x0A || bytes[position] == 0x09
                || bytes[position] == 0x0D
        {
            position += 1
        }
    }

    /// A string without escapes; nil for anything else.
    private mutating func string() -> String? {
        guard next() == UInt8(ascii: "\"") else { return nil }
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                defer { position += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            case UInt8(ascii: "\\"), 0..<0x20: return nil
            default: position += 1
            }
        }
        return nil
    }

    /// An integer of at most 18 digits (every version and time fits); nil for anything else.
    private mutating func integer() -> Int64? {
        var negative = false
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
            negative = true
            position += 1
        }
        let start = position
        var value: Int64 = 0
        while position < bytes.count, position - start < 18, (0x30...0x39).contains(bytes[position]) {
            value = value * 10 + Int64(bytes[position] - 0x30)
            position += 1
        }
        guard position > start, position == bytes.count || !(0x30...0x39).contains(bytes[position]) else {
            return nil
        }
        return negative ? -value : value
    }

    private mutating func literalTrue() -> Bool {
        let literal = "true".utf8
        guard bytes[position...].starts(with: literal) else { return false }
        position += literal.count
        return true
    }

    /// Skips one JSON value (strings with escapes, nested arrays and objects); returns its extent, or nil when the
    /// bytes end first.
    private mutating func skipValue() -> Range<Int>? {
        let start = position
        var depth = 0
        var inString = false
        while position < bytes.count {
            let byte = bytes[position]
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 {
                        position += 1
                        return start..<position
                    }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return start..<position }
                    depth -= 1
                    if depth == 0 {
                        position += 1
                        return start..<position
                    }
                case UInt8(ascii: ","), 0x20, 0x0A, 0x09, 0x0D:
                    if depth == 0 { return start..<position }
                default: break
                }
            }
            position += 1
        }
        return depth == 0 && !inString && position > start ? start..<position : nil
    }
}
