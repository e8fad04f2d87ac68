@testable import Prefs

// What the tests compare of the link's state; production compares none of it.

extension LinkState.Update: Equatable {
    /// The new stored values as a dictionary.
    var changes: PreferenceStoreWrites {
        switch values {
        case .one(let name, let value): [name: value]
        case .many(let changes): changes
        }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.sequence == rhs.sequence && lhs.changes == rhs.changes }
}

extension LinkState.Update {
    init(values: PreferenceStoreWrites, sequence: UInt64) { self.init(values: .many(values), sequence: sequence) }
    init(name: String, value: PreferenceValue?, sequence: UInt64) {
        self.init(values: .one(name: name, value: value), sequence: sequence)
    }
}

extension LinkState.Batch: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.writes == rhs.writes && lhs.reason == rhs.reason }
}
