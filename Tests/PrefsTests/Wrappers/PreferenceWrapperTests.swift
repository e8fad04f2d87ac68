import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// Static wrappers live in a main-actor namespace, as DESIGN.md shows.
@MainActor enum Settings {
    @Preference(\.flag) static var flag
}

struct Toolbar {
    @Preference(\.flag) var usesStandard
    @Preference var window: Frame

    init(prefs: Preferences) {
        _window = Preference(\.window, in: prefs)
    }
}

/// Isolated: each test's `Preferences.standard` is its own, so the tests that assign it run in parallel.
@Suite(.isolatedPreferences) struct PreferenceWrapperTests {
    @Test func readsAndWritesItsContainerWithANonmutatingSet() {
        let (prefs, _) = makePreferences()
        let toolbar = Toolbar(prefs: prefs)
        toolbar.window = Frame(width: 10)
        toolbar.window.height = 20
        #expect(prefs[\.window] == Frame(width: 10, height: 20))
    }

    @Test func withoutAContainerItUsesTheStandardOneAtEachAccess() {
        let (first, _) = makePreferences(), (second, _) = makePreferences()
        Preferences.standard = first
        let toolbar = Toolbar(prefs: first)
        toolbar.usesStandard.toggle()
        #expect(first[\.flag] == true)
        Preferences.standard = second
        #expect(toolbar.usesStandard == false)
    }

    @MainActor @Test func staticWrappersInAMainActorNamespace() {
        let (prefs, _) = makePreferences()
        Preferences.standard = prefs
        Settings.flag = true
        #expect(prefs[\.flag])
        Settings.$flag.wrappedValue = false
        #expect(prefs[\.flag] == false)
    }

    @Test func projectedBindingAndDerivedMemberBindings() {
        let (prefs, _) = makePreferences()
        @Preference(\.window, in: prefs) var window
        let binding: PreferenceBinding<Frame> = $window
        let width: PreferenceBinding<Double> = $window.width
        width.wrappedValue = 800
        #expect(prefs[\.window].width == 800)
        binding.wrappedValue = Frame(height: 1)
        #expect(width.wrappedValue == 0)
        #expect(PreferenceBinding.constant(3).wrappedValue == 3)
        _window.reset()
        #expect(window == .zero)
    }
}
