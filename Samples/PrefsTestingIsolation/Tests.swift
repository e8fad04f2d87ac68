// Complete form of samples in: Sources/PrefsTesting/Isolation/IsolatedPreferences.swift, Sources/PrefsTesting/Isolation/IsolatedPreferencesTrait.swift
import Prefs
import PrefsTesting
import Testing
import XCTest

final class GreetingXCTests: XCTestCase {
    func testGreeting() {
        withIsolatedPreferences {
            Settings.showHelloWorld = true            // the test's own Preferences.standard
            XCTAssertEqual(Greeting().message(), "Hello, world!")
        }
    }
}

@Suite(.isolatedPreferences) struct GreetingTests {
    @Test func greetsTheWorldWhenAsked() {
        Settings.showHelloWorld = true               // this test's Preferences.standard only
        #expect(Greeting().message() == "Hello, world!")
    }
}

// What the samples above use and do not show.
extension PreferenceKeys {
    var showHelloWorld: Key<Bool> { Key("should_show_hello_world", default: false) }
}
enum Settings {
    static var showHelloWorld: Bool {
        get { Preferences.standard[\.showHelloWorld] }
        set { Preferences.standard[\.showHelloWorld] = newValue }
    }
}
struct Greeting {
    func message() -> String { Settings.showHelloWorld ? "Hello, world!" : "Hello." }
}
