/// A time of day on a day of the proleptic Gregorian calendar, in UTC, converted to and from whole seconds with
/// integer arithmetic only: exact, lock-free and without a formatter (Howard Hinnant's days-from-civil algorithms).
struct CivilTime: Equatable, Sendable {
    var year: Int64
    var month: Int64
    var day: Int64
    var hour: Int64
    var minute: Int64
    var second: Int64

    /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z, `Date`'s reference date.
    static let referenceDateUnixSeconds: Int64 = 978_307_200

    /// The civil time `seconds` after 2001-01-01T00:00:00Z (before it when negative).
    init(secondsSinceReferenceDate seconds: Int64) {
        let unix = seconds + Self.referenceDateUnixSeconds
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = unix - days * 86_400
        (year, month, day) = Self.civil(fromDays: days)
        hour = secondOfDay / 3_600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
    }

    init(year: Int64, month: Int64, day: Int64, hour: Int64, minute: Int64, second: Int64) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    /// Whether every field is in range: a month of 1...12, a day that exists in that month, a time of day from
    /// 00:00:00 to 23:59:59 (no leap second).
    var isValid: Bool {
        (1...12).contains(month) && (1...Self.daysInMonth(month, of: year)).contains(day) && (0...23).contains(hour)
            && (0...59).contains(minute) && (0...59).contains(second)
    }

    /// The seconds from 2001-01-01T00:00:00Z to this time.
    var secondsSinceReferenceDate: Int64 {
        Self.days(fromCivil: year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
            - Self.referenceDateUnixSeconds
    }

    static func daysInMonth(_ month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
    static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year  // years start in March: the leap day ends them
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of the proleptic Gregorian calendar `days` after 1970-01-01.
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
