import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// A file is read whole into one buffer sized by its `fstat`: however the reads come back, and also when the file
/// grows between the `fstat` and the reads (another process appending).
@Suite struct FileReadTests {
    @Test(arguments: [1, 7, 4_096])
    func shortReadsReadTheWholeFile(piece: Int) throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let contents = Data((0..<100_000).map { (index: Int) in UInt8(truncatingIfNeeded: index * 31) })
        try contents.write(to: url)
        var calls = SystemCalls.system
        calls.read = { descriptor, buffer in
            try SystemCalls.system.read(descriptor, UnsafeMutableRawBufferPointer(rebasing: buffer.prefix(piece)))
        }
        let (bytes, identity) = try #require(try FileSystem(calls: calls).readBytes(url.path))
        #expect(bytes == Array(contents))
        #expect(identity.size == Int64(contents.count))
    }

    @Test func aFileThatGrowsWhileItIsReadIsReadToItsEnd() throws {
        let directory = try TemporaryDirectory()
        let url = directory.file()
        let before = Data(repeating: UInt8(ascii: "a"), count: 10_000)
        let appended = Data(repeating: UInt8(ascii: "b"), count: 150_000)  // more than the buffer's first growth
        try before.write(to: url)
        let grown = Lock(false)
        var calls = SystemCalls.system
        calls.read = { descriptor, buffer in
            // After the fstat that sized the buffer, before the first read: another writer appends.
            let isFirstRead = grown.withLock { done in
                defer { done = true }
                return !done
            }
            if isFirstRead {
                let handle = try FileHandle(forWritingTo: url)
                try handle.seekToEnd()
                try handle.write(contentsOf: appended)
                try handle.close()
            }
            return try SystemCalls.system.read(descriptor, buffer)
        }
        let (bytes, _) = try #require(try FileSystem(calls: calls).readBytes(url.path))
        #expect(bytes == Array(before + appended))
    }

    @Test func aMissingFileReadsAsNothingAndAnEmptyOneAsNoBytes() throws {
        let directory = try TemporaryDirectory()
        #expect(try FileSystem.system.readBytes(directory.file().path) == nil)
        try Data().write(to: directory.file())
        #expect(try FileSystem.system.readBytes(directory.file().path)?.0 == [])
    }
}
