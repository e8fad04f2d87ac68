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
        var names = (0..<1_500).map { "bulk.\($0)" } + (0..<500).map { _ in generator.key() }
        names += ["", "caf\u{E9}", "K", "\u{C5}"]
        var keys: [KeyIdentity] = []
        for name in Set(names).sorted() {
            keys += [identity(name), identity(name, store: "other"), identity(name, text: true)]
        }
        var table = KeyTable()
        for (index, key) in keys.enumerated() {
            let binding = BindingID(index: Int32(index))
            #expect(find(key, in: &table) == nil, "\(key.name) is not bound yet")
            table.insert(binding, as: UnboundKey(identity: key, contentTag: key.contentTag, boundBefore: index))
        }
        // Twice over copies: the first pass remembers up to `aliasLimit` of them by their bits, the second finds
        // those by their bits and the rest by their contents.
        for _ in 0..<2 {
            for (index, key) in keys.enumerated() {
                #expect(table.binding(matching: key)?.index == Int32(index), "\(key.name) by its bits")
                let copied = identity(copy(key.name), store: copy(key.store), text: index % 3 == 2)
                #expect(find(copied, in: &table)?.index == Int32(index), "\(key.name) by a copy")
            }
        }
        // Other spellings that `==` calls equal find the key spelled the first way.
        let composed = keys.firstIndex { $0.name == "caf\u{E9}" && $0.store == "default" }!
        #expect(find(identity("cafe\u{301}"), in: &table)?.index == Int32(composed))
        let kelvin = keys.firstIndex { $0.name == "K" && $0.store == "default" }!
        #expect(find(identity("\u{212A}"), in: &table)?.index == Int32(kelvin))
        let angstrom = keys.firstIndex { $0.name == "\u{C5}" && $0.store == "default" }!
        #expect(find(identity("\u{212B}"), in: &table)?.index == Int32(angstrom))
        // Names never bound are found nowhere.
        for _ in 0..<500 {
            let name = "absent." + generator.key()
            #expect(find(identity(name), in: &table) == nil)
        }
    }
}
