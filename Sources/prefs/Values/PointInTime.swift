internal import ArgumentParser
internal import Foundation
internal import Prefs

/// The `--since` of `prefs history`: an ISO 8601 date, or an age counted back from now (`90s`, `30m`, `12h`, `7d`,
/// `2w`).
struct PointInTime: ExpressibleByArgument {
    /// The time meant.
    let date: Date

    init?(argument: String) {
        if let date = PreferenceDateFormat.date(from: argument) {
            self.date = date
            return
        }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let unit = argument.last.flatMap({ units[$0] }), let count = Double(argument.dropLast()), count >= 0,
            count.isFinite
        else { return nil }
        date = Date().addingTimeInterval(-count * unit)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
