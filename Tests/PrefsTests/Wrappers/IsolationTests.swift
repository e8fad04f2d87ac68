import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// `Preferences.withStandard` gives a block its own standard container, without global mutation.
@Suite struct IsolationTests {
    @Test func parallelBlocksEachSeeTheirOwnStandardContainer() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let prefs = Preferences(store: InMemoryPreferenceStore())
                    return await Preferences.withStandard(prefs) {
                        let wrapper = Preference(\.count)
                        wrapper.wrappedValue = index
                        try? await Task.sleep(for: .milliseconds(Int.random(in: 0...5)))
                        return Preferences.standard === prefs && wrapper.wrappedValue == index
                            && prefs[\.count] == index
                    }
                }
            }
            for await isolated in group { #expect(isolated) }
        }
    }

    @Test func theGlobalStandardIsUntouchedOutsideTheBlock() {
        let global = Preferences.standard
        let prefs = Preferences(store: InMemoryPreferenceStore())
        Preferences.withStandard(prefs) { #expect(Preferences.standard === prefs) }
        #expect(Preferences.standard === global)
    }
}
