import Foundation
import Prefs
import PrefsTestSupport
import PrefsTesting
import Testing

/// A released container lets its store go (and with it the store's file descriptors and watchers), once its writes
/// have reached the store.
@Suite struct ContainerLifetimeTests {
    /// The process's open descriptors that a store in `folder` could hold: its files and lock files, and inotify
    /// instances (the watchers). Pipes and sockets of tests running at the same time are left out.
    private func storeDescriptorCount(in folder: TemporaryDirectory) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return names.filter { name in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            else {
                return false
            }
            return target.hasPrefix(folder.url.path) || target == "anon_inode:inotify"
        }.count
    }

    @Test func aReleasedContainerReleasesItsStore() throws {
        let folder = try TemporaryDirectory()
        weak var weakStore: FilePreferenceStore?
        do {
            let store = try FilePreferenceStore(url: folder.file())
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
