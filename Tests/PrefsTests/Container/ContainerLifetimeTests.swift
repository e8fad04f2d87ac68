import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A released container lets its store go (and with it the store's file descriptors and watchers), once its writes
/// have reached the store.
@Suite struct ContainerLifetimeTests {
    /// The process's open descriptors that a store in `folder` holds: its files and lock files, and the inotify
    /// instances that watch the folder (their `fdinfo` names the watched inode). Descriptors of tests running at the
    /// same time are left out: counting every inotify instance of the process made this test fail when other suites
    /// opened stores meanwhile.
    private func storeDescriptorCount(in folder: TemporaryDirectory) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        let inode = ((try? FileManager.default.attributesOfItem(atPath: folder.url.path))?[.systemFileNumber] as? Int)
            .map { "ino:" + String($0, radix: 16) + " " }
        return names.filter { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            else {
                return false
            }
            if target.hasPrefix(folder.url.path) { return true }
            guard target == "anon_inode:inotify", let inode,
                let info = try? String(contentsOfFile: "/proc/self/fdinfo/\(name)", encoding: .utf8)
            else {
                return false
            }
            return info.contains(inode)
        }.count
    }

    /// The stores a released container lets go. A `UserDefaults` store watches the property list's folder and, on
    /// Linux, polls the keys it has read four times a second for as long as it lives: one kept alive after its
    /// container is gone would poll for the rest of the process.
    enum StoreKind: CaseIterable, Sendable { case file, userDefaults }

    @Test(arguments: StoreKind.allCases)
    func aReleasedContainerReleasesItsStore(_ kind: StoreKind) throws {
        let folder = try TemporaryDirectory()
        let suite = try TemporarySuite()
        weak var weakStore: (any PreferenceStore & AnyObject)?
        do {
            let store: any PreferenceStore & AnyObject =
                switch kind {
                case .file: try FilePreferenceStore(url: folder.file())
                case .userDefaults: UserDefaultsPreferenceStore(suite.defaults)
                }
            weakStore = store
            let prefs = Preferences(store: store)
            let token = prefs.observe(\.count) { _ in }
            prefs[\.count] = 1
            _ = prefs[\.name]
            try prefs.flush()
            token.cancel()
        }
        #expect(eventually("the store is released") { weakStore == nil })
    }

    /// A shared container (what `@Persistence` uses) over a suite that nothing holds any more is released, and its
    /// store with it.
    @Test func aReleasedSharedContainerReleasesItsStore() throws {
        let suite = try TemporarySuite()
        weak var weakContainer: Preferences?
        weak var weakStore: (any PreferenceStore & AnyObject)?
        do {
            let prefs = Preferences.shared(for: suite.defaults)
            weakContainer = prefs
            weakStore = prefs.store(.default) as? UserDefaultsPreferenceStore
            #expect(weakStore != nil)
            prefs[\.count] = 1
            _ = prefs[\.name]
            try prefs.flush()
        }
        #expect(eventually("the container and its store are released") { weakContainer == nil && weakStore == nil })
    }

    @Test func openingAndReleasingManyStoresHoldsNoDescriptors() throws {
        #if os(Linux)
        let folder = try TemporaryDirectory()
        let before = storeDescriptorCount(in: folder)
        for round in 0..<50 {
            let prefs = Preferences(store: try FilePreferenceStore(url: folder.file("p\(round).json")))
            prefs[\.count] = round
            try prefs.flush()
        }
        #expect(eventually("the stores' descriptors are closed") { storeDescriptorCount(in: folder) - before < 10 })
        #endif
    }
}
