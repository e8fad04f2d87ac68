import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// One definition of "the stored value did not change": NaN is the same as NaN, -0.0 is not 0.0, dates compare bit
/// for bit, and an unsigned integer is the same as the signed integer of equal value.
@Suite struct SameValueTests {
    @Test func nanIsTheSameAsNaNAndHashesAlike() {
        let quiet = PreferenceValue.double(.nan)
        let signalling = PreferenceValue.double(.signalingNaN)
        let negative = PreferenceValue.double(-Double.nan)
        #expect(quiet == quiet)
        #expect(quiet == signalling)
        #expect(quiet == negative)
        #expect(Set([quiet, signalling, negative]).count == 1)
        #expect(PreferenceValue.array([quiet]) == .array([.double(.nan)]))
        #expect(PreferenceValue.dictionary(["a": quiet]) == .dictionary(["a": signalling]))
        #expect(
            PreferenceValue.date(Date(timeIntervalSinceReferenceDate: .nan))
                == .date(Date(timeIntervalSinceReferenceDate: .nan)))
    }

    @Test func signedZerosAreDifferentValues() {
        #expect(PreferenceValue.double(-0.0) != .double(0.0))
        #expect(Set([PreferenceValue.double(-0.0), .double(0.0)]).count == 2)
        #expect(
            PreferenceValue.date(Date(timeIntervalSinceReferenceDate: -0.0))
                != .date(Date(timeIntervalSinceReferenceDate: 0)))
    }

    @Test func datesCompareBitForBit() {
        let date = Date(timeIntervalSinceReferenceDate: 812_345_678.123_456_7)
        let next = Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp)
        #expect(PreferenceValue.date(date) == .date(date))
        #expect(PreferenceValue.date(date) != .date(next))
    }

    @Test func unsignedAndSignedIntegersOfEqualValueAreTheSame() {
        #expect(PreferenceValue.unsignedInteger(5) == .integer(5))
        #expect(Set([PreferenceValue.unsignedInteger(5), .integer(5)]).count == 1)
        #expect(PreferenceValue.unsignedInteger(UInt64.max) != .integer(-1))
        #expect(PreferenceValue.integer(1) != .double(1))
    }

    @Test func aStoredNaNReadsInAFreshContainer() async throws {
        let store = InMemoryPreferenceStore()
        let writer = Preferences(store: store)
        writer[\.double] = .nan
        try writer.flush()
        let read = await readOnAnotherThread(within: 10) { Preferences(store: store)[\.double] }
        #expect(read?.isNaN == true)
    }

    @Test func writingNaNAgainWakesNoOne() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        prefs[\.double] = .nan
        let calls = Collected<Double>()
        let token = prefs.observe(\.double) { calls.append($0.newValue) }
        prefs[\.double] = .nan
        prefs[\.double] = -Double.nan
        #expect(calls.count == 0)
        prefs[\.double] = 1
        #expect(calls.count == 1)
        token.cancel()
    }

    @Test func negativeZeroIsAChangeThatObserversHear() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        prefs[\.double] = 0
        let calls = Collected<Double>()
        let token = prefs.observe(\.double) { calls.append($0.newValue) }
        prefs[\.double] = -0.0
        #expect(calls.count == 1)
        #expect(calls.all.first?.sign == .minus)
        #expect(prefs[\.double].sign == .minus)
        token.cancel()
    }

    @Test func aNaNInsideACodableValueIsTheSameValue() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        prefs[\.window] = Frame(x: .nan)
        let calls = Collected<Frame>()
        let token = prefs.observe(\.window) { calls.append($0.newValue) }
        prefs[\.window] = Frame(x: .nan)
        #expect(calls.count == 0)
        token.cancel()
    }
}

/// Runs `body` on a thread of its own and returns its result, or nil (recording an issue) when it does not finish
/// within `seconds`: a read that loops forever fails the test instead of hanging the run.
func readOnAnotherThread<T: Sendable>(
    within seconds: Double,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: @escaping @Sendable () -> T
) async -> T? {
    let result = Collected<T>()
    let thread = Thread { result.append(body()) }
    thread.start()
    let finished = await eventually(within: seconds, "the read returned", sourceLocation: sourceLocation) {
        result.count == 1
    }
    return finished ? result.all.first : nil
}
