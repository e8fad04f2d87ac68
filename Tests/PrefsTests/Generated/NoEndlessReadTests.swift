import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// No read can loop forever: every weird value, stored in a file, is read by a fresh container in a child process
/// as every kind of type, under a deadline. A read that hangs fails the test (the child is killed), never CI.
@Suite struct NoEndlessReadTests {
    /// Values that have broken readers somewhere: values not equal to themselves, signed zeros, infinities, extreme
    /// dates, huge and deep values, mark look-alikes, and the wrong type for every key type the child reads with.
    static let weirdValues: [(String, PreferenceValue)] = [
        ("nan", .double(.nan)),
        ("negative nan", .double(-.nan)),
        ("nan in an array", .array([.double(1), .double(.nan)])),
        ("nan in a dictionary", .dictionary(["values": .array([.double(.nan)]), "name": "x"])),
        ("negative zero", .double(-0.0)),
        ("infinity", .double(.infinity)),
        ("negative infinity", .double(-.infinity)),
        ("subnormal", .double(.leastNonzeroMagnitude)),
        ("largest double", .double(.greatestFiniteMagnitude)),
        ("distant past", .date(.distantPast)),
        ("distant future", .date(.distantFuture)),
        ("negative date", .date(Date(timeIntervalSinceReferenceDate: -1e10 - 0.123_456_789))),
        ("sub-microsecond date", .date(Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7))),
        ("largest unsigned", .unsignedInteger(.max)),
        ("smallest integer", .integer(.min)),
        ("huge string", .string(String(repeating: "👋🏽e\u{301}\"\\", count: 100_000))),
        ("huge data", .data(Data(repeating: 0xFF, count: 2 << 20))),
        // As deep as a store keeps (127 levels; deeper values are refused on write with UnstorableValueError).
        ("deep arrays", (0..<127).reduce(PreferenceValue.integer(1)) { inner, _ in .array([inner]) }),
        ("deep dictionaries", (0..<127).reduce(PreferenceValue.bool(true)) { inner, _ in .dictionary(["a": inner]) }),
        (
            "wide dictionary",
            .dictionary(Dictionary(uniqueKeysWithValues: (0..<20_000).map { ("k\($0)", .integer(Int64($0))) }))
        ),
        ("mark look-alike", .dictionary(["$double": .dictionary(["$date": "1970-01-01T00:00:00Z"])])),
        ("record with a wrong member", .dictionary(["name": .integer(3), "values": .array([.string("x")])])),
        ("empty containers", .array([.array([]), .dictionary([:]), .string(""), .data(Data())])),
    ]

    @Test(arguments: weirdValues.map(\.0))
    func aFreshContainerReadsEveryWeirdValueAsEveryTypeInTime(_ name: String) async throws {
        let value = Self.weirdValues.first { $0.0 == name }!.1
        let directory = try TemporaryDirectory()
        let store = try FilePreferenceStore(url: directory.file(), watchesForChanges: false)
        try store.write(["weird": value, "": value])
        let child = try ChildProcess(["read-every", directory.file().path])
        let status = try await onOwnThread { Self.wait(for: child, seconds: 90) }
        if status == nil { child.kill() }
        let outcome = status.map { "exited with status \($0)" } ?? "did not finish within \(90 * deadlineScale) s"
        #expect(
            status == 0 && child.lines.contains("read 2"),
            "a fresh read of '\(name)' \(outcome); the child printed \(child.lines.suffix(2))"
        )
    }

    /// The test can fail: a helper that never finishes is reported, not waited for.
    @Test func aReadThatNeverFinishesIsReported() throws {
        let child = try ChildProcess(["storm", try TemporaryDirectory().file().path])
        #expect(Self.wait(for: child, seconds: 0.5) == nil)
        child.kill()
    }

    /// Waits until the child exits and returns its status; nil when it still runs after `seconds`.
    static func wait(for child: ChildProcess, seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds * deadlineScale)
        while Date() < deadline {
            if child.lines.contains(where: { $0.hasPrefix("read ") }) { return child.wait() }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return nil
    }
}
