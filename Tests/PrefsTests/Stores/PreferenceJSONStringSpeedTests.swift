import Foundation
import PrefsTestSupport
import Testing

@testable import Prefs

/// Reading a string takes time in proportion to its length, escapes or not: found by the test that no read loops
/// forever (a 1.5 MB string with an escape every few characters took 2.5 s to read, 4 minutes under
/// AddressSanitizer, because each escape copied the whole string read so far).
@Suite struct PreferenceJSONStringSpeedTests {
    @Test func aLongStringWithManyEscapesReadsInLinearTime() throws {
        let text = "\"" + String(repeating: "ab\\\"c\\\\", count: 200_000) + "\""
        var read: PreferenceValue?
        // Processor time, not the wall clock: a busy machine makes the thread wait, not work more.
        let elapsed = try measureCPUTime { read = try PreferenceJSON.value(parsing: text) }
        #expect(read == .string(String(repeating: "ab\"c\\", count: 200_000)))
        let limit = Duration.seconds(1) * deadlineScale
        #expect(elapsed < limit, "reading 200,000 escapes took \(elapsed) of processor time, more than \(limit)")
    }
}
