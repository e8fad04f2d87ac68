// Dispatch's vnode sources, which Linux's Dispatch lacks. On Apple platforms they belong to Dispatch; a stand-in
// cannot add to Linux's Dispatch under that name, so the Darwin stand-in carries them: code that uses them must import
// Darwin too (Prefs' folder source does, for `open` and `O_EVTONLY`). Signatures quoted from Apple's Dispatch
// documentation (https://developer.apple.com/documentation/dispatch/<page>).
public import Dispatch

/// `protocol DispatchSourceFileSystemObject : DispatchSourceProtocol, Sendable`
/// (page: dispatchsourcefilesystemobject)
public protocol DispatchSourceFileSystemObject: DispatchSourceProtocol, Sendable {
    /// `var handle: Int32 { get }` (page: dispatchsourcefilesystemobject/handle)
    var handle: Int32 { get }
    /// `var data: DispatchSource.FileSystemEvent { get }` (page: dispatchsourcefilesystemobject/data)
    var data: DispatchSource.FileSystemEvent { get }
    /// `var mask: DispatchSource.FileSystemEvent { get }` (page: dispatchsourcefilesystemobject/mask)
    var mask: DispatchSource.FileSystemEvent { get }
}

extension DispatchSource {
    /// `class func makeFileSystemObjectSource(fileDescriptor: Int32, eventMask: DispatchSource.FileSystemEvent,
    /// queue: DispatchQueue? = nil) -> any DispatchSourceFileSystemObject`
    /// (page: dispatchsource/makefilesystemobjectsource(filedescriptor:eventmask:queue:))
    public class func makeFileSystemObjectSource(
        fileDescriptor: Int32,
        eventMask: DispatchSource.FileSystemEvent,
        queue: DispatchQueue? = nil
    ) -> any DispatchSourceFileSystemObject {
        fatalError("Darwin stand-in \(#function) is for type-checking only")
    }
}
