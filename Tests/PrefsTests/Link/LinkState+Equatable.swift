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

extension LinkState.ReportAction: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.update == rhs.update && lhs.readBack == rhs.readBack }
}

extension LinkState.Batch: Equatable {
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.writes == rhs.writes && lhs.reason == rhs.reason }
}
