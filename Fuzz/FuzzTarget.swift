// The fuzz target for the preferences file's reader, built by run.sh with libFuzzer (`swiftc -sanitize=fuzzer`)
// together with the reader's sources, not as part of the package. See README.md in this folder.
internal import Foundation

/// What the stores' limit check needs from the store protocol, which the fuzz build leaves out.
public typealias PreferenceStoreChanges = [String: PreferenceValue?]

/// Each input is a preferences file and also a date's text; a crash, a hang or a failed check is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    checkDocument(bytes)
    checkDateText(String(decoding: bytes, as: UTF8.self))
    if count >= 8 {
        checkDate(seconds: Double(bitPattern: bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }))
    }
    return 0
}

/// A document either fails with a parser error or reads as a value whose text reads back as the same text, in
/// every form the stores write.
func checkDocument(_ bytes: [UInt8]) {
    var parser = PreferenceJSONParser(bytes: bytes)
    guard let value = try? parser.parseDocument() else { return }
    for (pretty, doubles) in [(true, PreferenceJSON.DoubleStyle.shortest), (false, .shortest), (false, .positional)] {
        let text = PreferenceJSON.text(of: value, pretty: pretty, doubles: doubles)
        guard let reread = try? PreferenceJSON.value(parsing: text) else {
            fatalError("the text of a value read from \(bytes) does not read back: \(text)")
        }
        let again = PreferenceJSON.text(of: reread, pretty: pretty, doubles: doubles)
        if again != text { fatalError("\(text) reads back as \(again)") }
    }
    if case .dictionary(let members) = value {
        let file = PreferenceJSON.encode(members)
        guard let reread = try? PreferenceJSON.decode(file) else {
            fatalError("a file written from \(bytes) does not read")
        }
        if PreferenceJSON.encode(reread) != file { fatalError("a file written from \(bytes) changes when read") }
    }
}

/// A date's text either does not read, or reads as a date whose own text reads back as the same date.
func checkDateText(_ text: String) {
    guard let date = PreferenceDateFormat.date(from: text) else { return }
    checkDate(seconds: date.timeIntervalSinceReferenceDate)
}

/// Every finite date's text reads back bit for bit.
func checkDate(seconds: Double) {
    guard seconds.isFinite else { return }
    let text = PreferenceDateFormat.string(from: Date(timeIntervalSinceReferenceDate: seconds))
    guard let read = PreferenceDateFormat.date(from: text)?.timeIntervalSinceReferenceDate,
        read.bitPattern == seconds.bitPattern
    else { fatalError("\(seconds) → \(text) does not read back") }
}
