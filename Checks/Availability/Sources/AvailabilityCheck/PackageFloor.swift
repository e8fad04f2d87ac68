internal import Foundation

/// The package's floor: the `platforms:` of its `Package.swift`, as `swift package dump-package` prints them.
package enum PackageFloor {
    /// SwiftPM's deployment target for a platform that `platforms:` leaves out.
    package static let swiftPMDefaults = Availability([
        .macOS: .introduced(Version(10, 13)), .iOS: .introduced(Version(12)), .tvOS: .introduced(Version(12)),
        .watchOS: .introduced(Version(4)), .visionOS: .introduced(Version(1)),
    ])

    /// Reads the floor from `swift package dump-package` output; a platform the package leaves out gets SwiftPM's
    /// default deployment target.
    package static func read(dumpPackageJSON path: String) throws -> Availability {
        struct Description: Decodable {
            struct Platform: Decodable {
                let platformName: String
                let version: String
            }
            let platforms: [Platform]
        }
        guard let data = FileManager.default.contents(atPath: path) else { throw CheckFailure("cannot read \(path)") }
        let description = try JSONDecoder().decode(Description.self, from: data)
        var floor = swiftPMDefaults
        for platform in description.platforms {
            guard let apple = ApplePlatform(name: platform.platformName), let version = Version(platform.version) else {
                continue
            }
            floor.platforms[apple] = .introduced(version)
        }
        return floor
    }
}
