// Complete form of samples in: Sources/PrefsPostgres/PrefsPostgres.docc/SharingSettingsAcrossAFleet.md
// The article's samples of an offline copy, of reasons and of shutdown, in the order the article shows them.
import Foundation
import Logging
import Prefs
import PrefsPostgres
import ServiceLifecycle

extension PreferenceKeys {
    var rateLimit: Key<Int> { Key("rate_limit", default: 500) }
    var useNewCache: Key<Bool> { Key("use_new_cache", default: true) }
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
}

/// Stands in for the service's HTTP server.
struct Server: Service {
    func run() async throws { try? await gracefulShutdown() }
}

let databaseURL = "postgres://app@db.internal/app?sslmode=verify-full&application_name=billing-7"
let stateDirectory = URL(fileURLWithPath: "/var/lib/billing", isDirectory: true)
let logger = Logger(label: "billing")
let server = Server()

var configuration = try PostgresPreferenceStore.Configuration(url: databaseURL, namespace: "billing-service")
configuration.offlineCopy = .init(url: stateDirectory.appendingPathComponent("billing-settings.json"))
let store = try await PostgresPreferenceStore.connect(configuration: configuration)

func recordReasons(_ prefs: Preferences) throws {
    try prefs.set(\.rateLimit, 250, reason: "INC-4711: halve the limit during the incident")
    try prefs.transaction(reason: "rollback of bad rollout 2026-11-24") { tx in
        tx[\.useNewCache] = false
    }
    PreferenceWriteReason.$current.withValue("INC-4711") {
        prefs[\.maintenanceMode] = true
    }
    try store.rollback("rate_limit", toVersion: 412, reason: "INC-4711: back to the limit before the rollout")
    for entry in try store.history(reasonContaining: "inc-4711") { print(entry.version, entry.key, entry.reason!) }
}
try recordReasons(Preferences(store: store))

let group = ServiceGroup(services: [store, server], gracefulShutdownSignals: [.sigterm], logger: logger)
try await group.run()
