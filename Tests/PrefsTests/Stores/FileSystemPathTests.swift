import Foundation
import PrefsTestSupport
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

    /// Paths made of every mix of `.`, `..`, empty and plain components come out as Foundation's `standardizedFileURL`
    /// gives them (which the file store's initializer used to ask for every path): a path with a component to remove
    /// is never taken for a clean one.
    @Test func dotSegmentsGoAsFoundationRemovesThem() {
        let parts = ["a", ".", "..", "", "b.json"]
        var paths = ["/", "/a", "/a/b.json"]
        for first in parts {
            for second in parts {
                for third in parts { paths.append("/" + [first, second, third].joined(separator: "/")) }
            }
        }
        for path in paths {
            let url = URL(fileURLWithPath: path, isDirectory: false)
            #expect(FileSystem.standardized(url).path == url.standardizedFileURL.path, "\(path)")
        }
    }

    /// A file URL's path, as the file store takes it, is Foundation's `standardizedFileURL.path`, for absolute and
    /// relative URLs, with spaces, percent signs and non-ASCII names and a trailing slash.
    @Test func aURLsPathIsItsStandardizedPath() throws {
        let base = URL(fileURLWithPath: "/base/dir", isDirectory: true)
        for path in [
            "/a/b.json", "/a b/100%.json", "/é/./ü/../ß.json", "/a/b/", "/a/%20.json", "rel/./x.json", "../up.json",
            "/private/tmp/x.json", "/Users/me/Library/Application Support/x.json", "/a  b/ c /d.json",
        ] {
            let urls = [
                URL(fileURLWithPath: path), URL(fileURLWithPath: path, isDirectory: false),
                URL(fileURLWithPath: path, relativeTo: base),
            ]
            for url in urls { #expect(FileSystem.standardized(url).path == url.standardizedFileURL.path, "\(url)") }
        }
    }

    /// A file URL made from a string keeps the escapes that `standardizedFileURL` keeps encoded (`%2F` names one
    /// entry, not two), and a `..` after a symbolic link leads where the kernel goes: through the link's target.
    @Test func escapesAndLinksAreFoundationsToo() throws {
        let folder = try TemporaryDirectory()
        let target = folder.url.appendingPathComponent("target/inner")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent("link"), withDestinationURL: target)
        let spaced = folder.url.appendingPathComponent("a b.json")
        try Data().write(to: spaced)
        let urls = [
            URL(string: "file:///t/a%2Fb.json")!, URL(string: "file:///t/a%20b.json")!,
            URL(string: "file:///t/a%2b.json")!,
            URL(string: "file:///t/a%202.json")!, URL(string: "file:///t/a%2")!,
            URL(string: "file:///t/%C3%A9%20.json")!,
            folder.url.appendingPathComponent("link/../p.json"),
            URL(fileURLWithPath: "/var/automount" + spaced.path),  // removed by Foundation when the rest exists
        ]
        for url in urls { #expect(FileSystem.standardized(url).path == url.standardizedFileURL.path, "\(url)") }
    }

    /// A path with nothing to remove is the same string, and the store keeps the caller's URL.
    @Test func aCleanPathIsKept() {
        for path in ["/", "/a", "/a/b.json", "/a.b/..c/.d/...", "/Library/Application Support/a b.json"] {
            let url = URL(fileURLWithPath: path, isDirectory: false)
            #expect(FileSystem.standardized(url) == (url, path))
        }
    }
}
