import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// `Preferences.withStandard` gives a block its own standard container, without global mutation.
@Suite struct IsolationTests {
    @Test func parallelBlocksEachSeeTheirOwnStandardContainer() async {
        let written = Collected<Int>()
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<20 {
                group.addTask {
                    let prefs = Preferences(store: InMemoryPreferenceStore())
                    return await Preferences.withStandard(prefs) {
                        let wrapper = Preference(\.count)
                        wrapper.wrappedValue = index
                        written.append(index)
                        // Every block is inside its own withStandard now: each reads back while all 20 are bound.
                        await eventually("every block has written") { written.count == 20 }
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
