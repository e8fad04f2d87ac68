import AvailabilityCheck
import Testing

@Suite struct AvailabilityTests {
    @Test func aLaterVersionInsideRefinesTheFloor() {
        let floor = Availability([.macOS: .introduced(Version(14)), .iOS: .introduced(Version(17))])
        let inner = Availability([.macOS: .introduced(Version(15))])
        #expect(floor.refined(by: inner).platforms[.macOS] == .introduced(Version(15)))
        #expect(floor.refined(by: inner).platforms[.iOS] == .introduced(Version(17)))
    }

    @Test func visionOSFollowsIOSWhereOnlyIOSIsNamed() {
        let requirement = Requirement(Availability([.iOS: .introduced(Version(18))]))
        #expect(requirement.availability.platforms[.visionOS] == .introduced(Version(2)))
        #expect(
            Requirement(Availability([.iOS: .introduced(Version(13))])).availability.platforms[.visionOS]
                == .introduced(Version(1)))
    }

    @Test func aShortfallNamesThePlatformAndTheVersionNeeded() {
        let context = Availability([.macOS: .introduced(Version(14)), .iOS: .introduced(Version(17))])
        let requirement = Requirement(
            Availability([.macOS: .introduced(Version(15)), .iOS: .unavailable, .tvOS: .introduced(Version(18))]))
        #expect(
            requirement.problems(in: context) == [
                "macOS 15.0", "iOS: unavailable", "tvOS 18.0", "visionOS: unavailable",
            ])
        #expect(Requirement(Availability([.macOS: .introduced(Version(10, 15))])).problems(in: context).isEmpty)
    }
}
