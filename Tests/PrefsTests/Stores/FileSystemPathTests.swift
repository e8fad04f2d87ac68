import Foundation
import Testing

@testable import Prefs

/// The folder and the name of a path, worked out from its text as `FilePath` would.
@Suite struct FileSystemPathTests {
    @Test(arguments: [
        ("/a/b/c.json", "/a/b", "c.json"), ("c.json", ".", "c.json"), ("/c.json", "/", "c.json"), ("/", "/", "/"),
        ("a/b/", "a", "b"), ("a//b", "a", "b"), ("/a/b//", "/a", "b"), ("", ".", ""),
    ])
    func folderAndName(path: String, folder: String, name: String) {
        #expect(FileSystem.folder(of: path) == folder)
        #expect(FileSystem.name(of: path) == name)
    }
}
