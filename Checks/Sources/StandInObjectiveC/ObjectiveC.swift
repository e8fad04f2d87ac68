// The stand-in for Apple's ObjectiveC module: the key-value observing API that Prefs' `#if canImport(ObjectiveC)`
// branch uses and Linux's Foundation lacks. Apple documents the methods under ObjectiveC's `NSObject`
// (https://developer.apple.com/documentation/objectivec/nsobject-swift.class/<page>), the two types under Foundation
// (https://developer.apple.com/documentation/foundation/<page>). Compiled, never run: every body traps.
@_exported public import Foundation

/// Traps: the stand-ins are for type-checking only.
func standIn(_ function: StaticString = #function) -> Never {
    fatalError("ObjectiveC stand-in \(function) is for type-checking only")
}

/// `class NSObject` (page: objectivec/nsobject-swift.class). Linux's Foundation has its own `NSObject`, without KVO,
/// and an overridable method cannot be added to it from outside; this subclass carries `observeValue`. So Prefs'
/// Apple code names the class `ObjectiveC.NSObject`, which on Apple platforms is `NSObject` itself.
open class NSObject: Foundation.NSObject {
    /// `init()` (page: objectivec/nsobject-swift.class/init())
    public override init() { super.init() }

    /// `func observeValue(forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey : Any]?,
    /// context: UnsafeMutableRawPointer?)`
    /// (page: objectivec/nsobject-swift.class/observevalue(forkeypath:of:change:context:))
    open func observeValue(
        forKeyPath keyPath: String?,
        of object: Any?,
        change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) { standIn() }
}

// On Apple platforms every `NSObject` has these, `UserDefaults` included; here the observed side is Foundation's class.
extension Foundation.NSObject {
    /// `func addObserver(_ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
    /// context: UnsafeMutableRawPointer?)`
    /// (page: objectivec/nsobject-swift.class/addobserver(_:forkeypath:options:context:))
    public func addObserver(
        _ observer: NSObject,
        forKeyPath keyPath: String,
        options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer?
    ) { standIn() }

    /// `func removeObserver(_ observer: NSObject, forKeyPath keyPath: String)`
    /// (page: objectivec/nsobject-swift.class/removeobserver(_:forkeypath:))
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) { standIn() }
}

/// `struct NSKeyValueChangeKey`, with `init(rawValue: String)` (page: foundation/nskeyvaluechangekey): the keys of a
/// change dictionary.
public struct NSKeyValueChangeKey: Hashable, RawRepresentable, Sendable {
    /// The key's name.
    public let rawValue: String
    /// `init(rawValue: String)`
    public init(rawValue: String) { self.rawValue = rawValue }
}

/// `struct NSKeyValueObservingOptions`, an option set of `UInt` (page: foundation/nskeyvalueobservingoptions).
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// `init(rawValue: UInt)`
    public init(rawValue: UInt) { self.rawValue = rawValue }
}
