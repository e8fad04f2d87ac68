import Foundation
import PrefsTesting
import Testing

@testable import Prefs

/// The table that finds a key's binding on every read: by the bits of its strings, then by its contents. Generated
/// names (ASCII and not, two spellings of one name, the same name in two stores and as two types) are each found with
/// their own binding and no other, whether the lookup uses the string the key was bound with or a copy made at run
/// time, before and after the table stops remembering copies by their bits.
@Suite struct KeyTableTests {
    /// A key of `name` in `store`, as an `Int` or a `String` key.
    private func identity(_ name: String, store: String = "default", text: Bool = false) -> KeyIdentity {
        let id = PreferenceStoreID(store)
        return text
            ? KeyIdentity(PreferenceKeys.Key<String>(name, default: "", store: id))
            : KeyIdentity(PreferenceKeys.Key<Int>(name, default: 0, store: id))
    }

    /// A copy of `string` with new storage, as a name built at run time has.
    private func copy(_ string: String) -> String { String(decoding: Array(string.utf8), as: UTF8.self) }

    /// The binding of `identity`, as a read finds it: by its bits, else by its contents.
    private func find(_ identity: KeyIdentity, in table: inout KeyTable) -> BindingID? {
        table.binding(matching: identity) ?? table.binding(byContentsOf: identity, tagged: identity.contentTag)
    }

    @Test(arguments: [UInt64(0x5eed), 0x7ab1e])
    func everyKeyIsFoundWithItsOwnBindingByItsBitsOrByACopy(seed: UInt64) {
        var generator = PreferenceValueGenerator(seed: seed)
        // Longer than 15 bytes of UTF-8, so that each copy has storage of its own and other bits (a shorter name is
        // stored inline, and its copies have its bits), and short ones, whose copies are found by their bits.
        var names =
            (0..<1_500).map { "settings.section.bulk.\($0)" } + (0..<500).map { _ in "generated." + generator.key() }
        names += ["", "k", "caf\u{E9}", "K", "\u{C5}"]
        var keys: [KeyIdentity] = []
        for name in Set(names).sorted() {
            keys += [identity(name), identity(name, store: "other"), identity(name, text: true)]
        }
        var table = KeyTable()
        for (index, key) in keys.enumerated() {
            #expect(find(key, in: &table) == nil, "\(key.name) is not bound yet")
            let binding = BindingID(index: Int32(index))
            table.insert(binding, as: UnboundKey(identity: key, contentTag: key.contentTag, boundBefore: index))
        }
        let copies = keys.enumerated().map { index, key in
            identity(copy(key.name), store: copy(key.store), text: index % 3 == 2)
        }
        // The first pass finds the copies by their contents and remembers the first `aliasLimit` of them by their
        // bits; the second finds those by their bits and the rest by their contents again.
        var foundByBits = 0
        for pass in 0..<2 {
            for (index, key) in keys.enumerated() {
                if StringBits.areReliable {
                    #expect(table.binding(matching: key)?.index == Int32(index), "\(key.name) by its bits")
                }
                if pass == 1, table.binding(matching: copies[index]) != nil { foundByBits += 1 }
                #expect(find(copies[index], in: &table)?.index == Int32(index), "\(key.name) by a copy")
            }
        }
        if StringBits.areReliable {
            let shared = keys.indices.filter { StringBits(copies[$0].name) == StringBits(keys[$0].name) }.count
            #expect(keys.count - shared > KeyTable.aliasLimit, "more copies of their own than aliases")
            #expect(foundByBits == shared + KeyTable.aliasLimit, "every alias, and every copy with its key's bits")
        }
        // Other spellings that `==` calls equal find the key spelled the first way.
        for (first, other) in [("caf\u{E9}", "cafe\u{301}"), ("K", "\u{212A}"), ("\u{C5}", "\u{212B}")] {
            let bound = keys.firstIndex { $0.name == first && $0.store == "default" }!
            #expect(find(identity(other), in: &table)?.index == Int32(bound), "\(other) finds \(first)")
        }
        // Names never bound are found nowhere.
        for _ in 0..<500 {
            #expect(find(identity("absent." + generator.key()), in: &table) == nil)
        }
    }
}
