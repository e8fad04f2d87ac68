public import Testing

/// A Swift Testing trait that gives each test preferences of its own: `Preferences.standard` is a new
/// container, and `Persistence` properties without a `store:` use a new `UserDefaults` suite, both removed
/// when the test ends, so that tests run in parallel without seeing each other's preferences.
///
/// ```swift
/// @Suite(.isolatedPreferences) struct GreetingTests {
///     @Test func greetsTheWorldWhenAsked() {
///         Settings.showHelloWorld = true               // this test's Preferences.standard only
///         #expect(Greeting().message() == "Hello, world!")
///     }
/// }
/// ```
///
/// On a suite it applies to every test in it, and in the suites inside it; each case of a parameterized test gets
/// its own. Inside the test, assigning `Preferences.standard` replaces the test's container only.
/// `Preferences.withStandard` still binds a container of your choice inside it.
///
/// `UserDefaults.standard` itself cannot be swapped: code that calls it directly (not through `@Persistence` or
/// `Preferences`) writes the process's real defaults, which other tests see. When `UserDefaults.standard` changed
/// while an isolated test ran, the trait logs a warning through swift-log (label `PrefsTesting.isolatedPreferences`)
/// that names the test and the keys that changed. The check compares the defaults before and after the test, so a
/// test that runs in parallel and writes them may be the one to blame.
public struct IsolatedPreferencesTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to the suites inside a suite too.
    public var isRecursive: Bool { true }

    /// Scopes each test case, never a whole suite.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case; nil for a suite, or for a test function as a whole.
    /// - Returns: This trait for a test case, nil otherwise.
    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    /// Runs one test case with preferences of its own.
    ///
    /// - Parameters:
    ///   - test: The test.
    ///   - testCase: The test case.
    ///   - function: The test case's body.
    /// - Throws: What the body throws.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withIsolatedPreferences(name: "test \(test.name)") { try await function() }
    }
}

extension Trait where Self == IsolatedPreferencesTrait {
    /// Gives each test its own `Preferences.standard` and, for `@Persistence` without a `store:`, its own
    /// `UserDefaults` suite (see ``IsolatedPreferencesTrait``).
    public static var isolatedPreferences: Self { Self() }
}
