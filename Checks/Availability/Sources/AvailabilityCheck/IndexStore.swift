internal import CIndexStore

/// One symbol occurrence recorded by the compiler in a build's index store: where a source file names a symbol, and
/// the symbols it relates to (the declaration that contains a reference, the type a member belongs to).
package struct Occurrence: Sendable {
    package struct Symbol: Hashable, Sendable {
        package let usr: String
        package let name: String
        package let kind: Int32
        package let subkind: Int32
        package let properties: UInt64
    }

    package let symbol: Symbol
    package let roles: UInt64
    package let line: Int
    package let column: Int
    package let relations: [(roles: UInt64, symbol: Symbol)]

    /// Roles, as indexstore.h numbers them.
    package static let declaration: UInt64 = 1 << 0
    package static let definition: UInt64 = 1 << 1
    package static let reference: UInt64 = 1 << 2
    package static let implicit: UInt64 = 1 << 8
    package static let childOf: UInt64 = 1 << 9
    package static let accessorOf: UInt64 = 1 << 15
    package static let containedBy: UInt64 = 1 << 16

    /// Symbol kinds and properties, as indexstore.h numbers them.
    package static let moduleKind: Int32 = 1
    package static let parameterKind: Int32 = 25
    package static let localProperty: UInt64 = 1 << 7
    /// Accessor subkinds: getter, setter, willSet, didSet, addressors, read, modify, init, borrow, mutate.
    /// A generic parameter (`Element` of `Array`), which is as available as its declaration.
    package static let genericParameter: Int32 = 1013
    package static let accessorSubkinds: Set<Int32> = [3, 4, 1000, 1001, 1002, 1003, 1014, 1015, 1016, 1017, 1018]
}

/// A compiled file as the index store records it: its source, its module and its occurrences' record.
package struct IndexedUnit: Sendable {
    package let mainFile: String
    package let moduleName: String
    package let modified: Double
    package let records: [String]
}

/// A build's index store (`.build/debug/index/store`), read through the toolchain's libIndexStore.
package final class IndexStore {
    private var api = cindexstore_api_t()
    private let store: cindexstore_store_t

    /// Opens the store at `path` with the library at `library` (`<toolchain>/usr/lib/libIndexStore.so`).
    package init(path: String, library: String) throws {
        if let failure = cindexstore_load(library, &api) {
            throw CheckFailure("cannot load \(library): \(String(cString: failure))")
        }
        var error: cindexstore_error_t?
        guard let store = api.store_create(path, &error) else {
            let describe = api.error_get_description!
            let reason = error.flatMap { describe($0) }.map { String(cString: $0) } ?? "unknown error"
            throw CheckFailure("cannot open the index store \(path): \(reason)")
        }
        self.store = store
    }

    deinit { api.store_dispose(store) }

    /// Every unit with a main file, latest first when several record the same file.
    package func units() throws -> [IndexedUnit] {
        var names: [String] = []
        withStringCallback({ names.append(string($0)) }) { context, call in
            _ = api.store_units_apply_f(store, 0, context, call)
        }
        var units: [IndexedUnit] = []
        for name in names {
            var error: cindexstore_error_t?
            guard let reader = api.unit_reader_create(store, name, &error) else {
                throw CheckFailure("cannot read unit \(name): \(describe(error))")
            }
            defer { api.unit_reader_dispose(reader) }
            var seconds: Int64 = 0
            var nanoseconds: Int64 = 0
            api.unit_reader_get_modification_time(reader, &seconds, &nanoseconds)
            var records: [String] = []
            withPointerCallback({ dependency in
                if api.unit_dependency_get_kind(dependency) == 2 {  // INDEXSTORE_UNIT_DEPENDENCY_RECORD
                    records.append(string(api.unit_dependency_get_name(dependency)))
                }
            }) { context, call in
                _ = api.unit_reader_dependencies_apply_f(reader, context, call)
            }
            let mainFile = string(api.unit_reader_get_main_file(reader))
            guard !mainFile.isEmpty else { continue }
            units.append(
                IndexedUnit(
                    mainFile: mainFile, moduleName: string(api.unit_reader_get_module_name(reader)),
                    modified: Double(seconds) + Double(nanoseconds) / 1e9, records: records))
        }
        return units.sorted { $0.modified > $1.modified }
    }

    /// The occurrences of one record.
    package func occurrences(inRecord name: String) throws -> [Occurrence] {
        var error: cindexstore_error_t?
        guard let reader = api.record_reader_create(store, name, &error) else {
            throw CheckFailure("cannot read record \(name): \(describe(error))")
        }
        defer { api.record_reader_dispose(reader) }
        var occurrences: [Occurrence] = []
        withPointerCallback({ occurrence in
            var line: UInt32 = 0
            var column: UInt32 = 0
            api.occurrence_get_line_col(occurrence, &line, &column)
            var relations: [(roles: UInt64, symbol: Occurrence.Symbol)] = []
            withPointerCallback({ relation in
                relations.append(
                    (api.symbol_relation_get_roles(relation), symbol(api.symbol_relation_get_symbol(relation))))
            }) { context, call in
                _ = api.occurrence_relations_apply_f(occurrence, context, call)
            }
            occurrences.append(
                Occurrence(
                    symbol: symbol(api.occurrence_get_symbol(occurrence)), roles: api.occurrence_get_roles(occurrence),
                    line: Int(line), column: Int(column), relations: relations))
        }) { context, call in
            _ = api.record_reader_occurrences_apply_f(reader, context, call)
        }
        return occurrences
    }

    private func symbol(_ symbol: cindexstore_symbol_t?) -> Occurrence.Symbol {
        Occurrence.Symbol(
            usr: string(api.symbol_get_usr(symbol)), name: string(api.symbol_get_name(symbol)),
            kind: api.symbol_get_kind(symbol), subkind: api.symbol_get_subkind(symbol),
            properties: api.symbol_get_properties(symbol))
    }

    private func describe(_ error: cindexstore_error_t?) -> String {
        guard let error else { return "unknown error" }
        defer { api.error_dispose(error) }
        return api.error_get_description(error).map { String(cString: $0) } ?? "unknown error"
    }
}

private func string(_ reference: cindexstore_string_t) -> String {
    guard let data = reference.data else { return "" }
    return data.withMemoryRebound(to: UInt8.self, capacity: reference.length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: reference.length), as: UTF8.self)
    }
}

/// Calls `body` with a context pointer and a C function that hands each string to `each`. The library calls back
/// synchronously, so the closure lives exactly as long as `body` runs.
private func withStringCallback(
    _ each: (cindexstore_string_t) -> Void,
    _ body: (UnsafeMutableRawPointer, @convention(c) (UnsafeMutableRawPointer?, cindexstore_string_t) -> Bool) -> Void
) {
    withoutActuallyEscaping(each) { each in
        var box = each
        withUnsafeMutablePointer(to: &box) { pointer in
            body(UnsafeMutableRawPointer(pointer)) { context, item in
                context!.assumingMemoryBound(to: ((cindexstore_string_t) -> Void).self).pointee(item)
                return true
            }
        }
    }
}

/// Calls `body` with a context pointer and a C function that hands each handle (a unit dependency, an occurrence, a
/// relation) to `each`, as ``withStringCallback(_:_:)`` does strings.
private func withPointerCallback(
    _ each: (UnsafeMutableRawPointer?) -> Void,
    _ body: (UnsafeMutableRawPointer, @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Bool) ->
        Void
) {
    withoutActuallyEscaping(each) { each in
        var box = each
        withUnsafeMutablePointer(to: &box) { pointer in
            body(UnsafeMutableRawPointer(pointer)) { context, item in
                context!.assumingMemoryBound(to: ((UnsafeMutableRawPointer?) -> Void).self).pointee(item)
                return true
            }
        }
    }
}
