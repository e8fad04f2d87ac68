import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Dates through `exportJSON` and `importJSON` exactly; a date the document cannot hold is refused.
@Suite struct ExportImportDateTests {
    @Test func datesSurviveExportAndImportBitForBit() throws {
        let source = Preferences(store: InMemoryPreferenceStore())
        var generator = PreferenceValueGenerator(seed: 0xE4_DA7E)
        let now = Date().timeIntervalSinceReferenceDate
        let dates =
            (0..<200).map { _ in
                Date(timeIntervalSinceReferenceDate: Double(bitPattern: now.bitPattern ^ (generator.next() & 0xF_FFFF)))
            } + [.distantPast, .distantFuture, Date(timeIntervalSinceReferenceDate: -0.0)]
            + [Date(timeIntervalSinceReferenceDate: .greatestFiniteMagnitude)]
        for (index, date) in dates.enumerated() { source[\.[date: "d\(index)"]] = date }
        let document = try source.exportJSON()
        let target = Preferences(store: InMemoryPreferenceStore())
        try target.importJSON(document)
        for (index, date) in dates.enumerated() {
            #expect(
                target[\.[date: "d\(index)"]]?.timeIntervalSinceReferenceDate.bitPattern
                    == date.timeIntervalSinceReferenceDate.bitPattern)
        }
    }

    @Test func aDateThatIsNotFiniteIsRefusedByTheExport() throws {
        let prefs = Preferences(store: InMemoryPreferenceStore())
        prefs[\.[date: "when"]] = Date(timeIntervalSinceReferenceDate: .infinity)
        let error = #expect(throws: UnstorableValueError.self) { try prefs.exportJSON() }
        #expect(error?.key == "when")
    }
}
