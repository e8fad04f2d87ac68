import Foundation
import Prefs
import PrefsTesting

/// Damaged preferences files, made from the fuzzer's seeds (`Fuzz/seeds`) and, when a fuzzing run left one, its
/// corpus (`.build/fuzz/corpus`): each document is cut short, has bytes flipped, tokens inserted, a range deleted or a
/// 512-byte sector zeroed, until the reader refuses it. Seeded, so that a failure replays.
struct DamagedFiles {
    /// How a document was damaged.
    enum Damage: String, Sendable {
        case truncated, flipped, inserted, deleted, zeroedSector, notAnObject
    }

    struct File: CustomStringConvertible {
        let bytes: Data
        let source: String
        let damage: Damage
        /// The document before it was damaged (nil when it never was a preferences file).
        let original: [String: PreferenceValue]?
        var description: String { "\(source), \(damage.rawValue), \(bytes.count) bytes" }
    }

    /// The seeds and, if present, up to 100 documents of the corpus, by name.
    static func sources() -> [(name: String, bytes: Data)] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var sources: [(String, Data)] = []
        for folder in ["Fuzz/seeds", ".build/fuzz/corpus"] {
            let url = root.appendingPathComponent(folder)
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted().prefix(100)
            for name in names {
                if let data = try? Data(contentsOf: url.appendingPathComponent(name)) {
                    sources.append(("\(folder)/\(name)", data))
                }
            }
        }
        return sources
    }

    /// `count` damaged files, drawn with `generator`.
    static func make(_ count: Int, using generator: inout PreferenceValueGenerator) -> [File] {
        let sources = sources()
        precondition(!sources.isEmpty, "Fuzz/seeds is missing")
        let tokens: [[UInt8]] =
            ["{", "}", "[", "]", ",", ":", "\"", "\\", "1e999", "/*", "null,"].map { Array($0.utf8) }
            + [[0x00], [0xFF], [0xC3], [0xED, 0xA0, 0x80]]
        var files: [File] = []
        var attempts = 0
        while files.count < count, attempts < count * 50 {
            attempts += 1
            let (name, data) = generator.pick(sources)
            var bytes = [UInt8](data)
            let original = try? PreferenceJSON.decodeFile(data).members
            guard original != nil else {
                files.append(File(bytes: data, source: name, damage: .notAnObject, original: nil))
                continue
            }
            let damage = generator.pick([Damage.truncated, .truncated, .flipped, .inserted, .deleted, .zeroedSector])
            let at = Int.random(in: 0..<max(1, bytes.count), using: &generator)
            switch damage {
            case .truncated: bytes = Array(bytes[..<at])
            case .flipped: if at < bytes.count { bytes[at] ^= UInt8.random(in: 1...255, using: &generator) }
            case .inserted: bytes.insert(contentsOf: generator.pick(tokens), at: at)
            case .deleted: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...16, using: &generator)))
            case .zeroedSector:
                let sector = (at / 512) * 512
                for index in sector..<min(bytes.count, sector + 512) { bytes[index] = 0 }
            case .notAnObject: break
            }
            guard (try? PreferenceJSON.decodeFile(Data(bytes))) == nil else { continue }  // still readable: no damage
            files.append(File(bytes: Data(bytes), source: name, damage: damage, original: original))
        }
        return files
    }
}
