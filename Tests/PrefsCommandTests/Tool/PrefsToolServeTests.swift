import Foundation
import PrefsTestSupport
import Testing

/// `prefs serve` refuses to start where it would be unsafe or blind: without a schema unless told to show raw values,
/// on a non-loopback address over plain HTTP, with a schema it cannot read. (The served console itself is tested in
/// PrefsConsoleTests and, in a browser, by scripts/browser-tests.sh.)
@Suite struct PrefsToolServeTests {
    @Test func refusesToStartBlindOrExposed() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file().path
        let noSchema = try ToolProcess.run("prefs", ["serve", "--file", file, "--port", "0"])
        #expect(noSchema.status == 64 && noSchema.error.contains("--schema FILE"), "\(noSchema.error)")
        let exposed = try ToolProcess.run(
            "prefs", ["serve", "--file", file, "--raw", "--host", "0.0.0.0", "--port", "0"])
        #expect(exposed.status == 64 && exposed.error.contains("refusing to serve plain HTTP"), "\(exposed.error)")
        let badSchema = directory.file("schema.json")
        try Data("{".utf8).write(to: badSchema)
        let unreadable = try ToolProcess.run(
            "prefs", ["serve", "--file", file, "--schema", badSchema.path, "--port", "0"])
        #expect(unreadable.status == 4 && unreadable.error.contains("the schema is not JSON"), "\(unreadable.error)")
        let halfTLS = try ToolProcess.run(
            "prefs", ["serve", "--file", file, "--raw", "--tls-certificate", "cert.pem", "--port", "0"])
        #expect(halfTLS.status == 64 && halfTLS.error.contains("go together"), "\(halfTLS.error)")
    }
}
