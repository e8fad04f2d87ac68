// Complete form of samples in: Sources/PrefsPostgres/History/PostgresPreferenceStore+History.swift, Sources/PrefsPostgres/History/PostgresPreferenceStore+Retention.swift, Sources/PrefsPostgres/PostgresPreferenceStore+Configuration.swift, Sources/PrefsPostgres/PostgresPreferenceStore+ConnectionState.swift, Sources/PrefsPostgres/PostgresPreferenceStore+ConnectionURL.swift, Sources/PrefsPostgres/PostgresPreferenceStore+OfflineCopy.swift, Sources/PrefsPostgres/PostgresPreferenceStore+Service.swift, Sources/PrefsPostgres/PostgresPreferenceStore.swift, Sources/PrefsPostgres/PostgresPreferenceStoreError.swift
import Foundation
import Logging
import NIOSSL
import PostgresNIO
import Prefs
import PrefsPostgres
import ServiceLifecycle

func history(_ store: PostgresPreferenceStore) throws {
    for entry in try store.history(of: "maintenance_mode", since: .now.addingTimeInterval(-86_400)) {
        print(entry.version, entry.time, entry.applicationName, entry.reason ?? "-", entry.newValue ?? "removed")
    }
    let incident = try store.history(reasonContaining: "INC-4711")
    try store.rollback("rate_limit", toVersion: 412, reason: "INC-4711: back to the limit before the rollout")
    try store.setHistoryRetention(.init(maximumVersionsPerKey: 20, maximumAge: .seconds(30 * 86_400)))
}
do {
    let configuration = PostgresPreferenceStore.Configuration(
        connection: .init(host: "db.internal", username: "app", password: secret, database: "app",
                          tls: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))),
        namespace: "billing-service"
    )
}
do {
    let store = try PostgresPreferenceStore(configuration: .init(namespace: "billing"))
}
do {
    let configuration = try PostgresPreferenceStore.Configuration(
        url: "postgres://app@db.internal/app?sslmode=verify-full&application_name=billing-7",
        namespace: "billing-service")
}
do {
    let store = try PostgresPreferenceStore(configuration: .init(
        connection: .init(host: "db.internal", username: "app", password: secret, database: "app", tls: .disable),
        namespace: "billing-service"))
    let prefs = Preferences(store: store)
    prefs[\.maintenanceMode] = true   // every instance's observers of maintenanceMode hear it within milliseconds
    try prefs.flush()                 // returns once the write is committed
}
do {
    let store = try await PostgresPreferenceStore.connect(configuration: .init(namespace: "billing"))
}
func connectionState(_ store: PostgresPreferenceStore) {
    if case .offline(let since) = store.connectionState {
        print("serving the last-known-good settings since \(since)")
    }
}
do {
    var configuration = try PostgresPreferenceStore.Configuration(url: databaseURL, namespace: "billing")
    configuration.offlineCopy = .init(url: stateDirectory.appendingPathComponent("billing-settings.json"))
    let store = try PostgresPreferenceStore(configuration: configuration)   // starts even while the database is down
}
func serve(_ configuration: PostgresPreferenceStore.Configuration, server: some Service, logger: Logger) async throws {
    let store = try await PostgresPreferenceStore.connect(configuration: configuration)
    let group = ServiceGroup(
        services: [store, server],   // the store first: the group stops services in reverse order
        gracefulShutdownSignals: [.sigterm], logger: logger)
    try await group.run()
}
func startup(_ configuration: PostgresPreferenceStore.Configuration) throws {
    do {
        let store = try PostgresPreferenceStore(configuration: configuration)
    } catch let error as PostgresPreferenceStoreError where error.kind == .authenticationFailed {
        print(error)  // "could not start: the server refused the credentials of role 'app' (28P01: …)"
    }
}

let secret = "s3cret"
let databaseURL = "postgres://app@db.internal/app?sslmode=verify-full"
let stateDirectory = URL(fileURLWithPath: "/var/lib/billing", isDirectory: true)
extension PreferenceKeys {
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
}
