// Complete form of samples in: Sources/PrefsPostgres/History/PostgresPreferenceStore+History.swift, Sources/PrefsPostgres/History/PostgresPreferenceStore+Retention.swift, Sources/PrefsPostgres/PostgresPreferenceStore+Configuration.swift, Sources/PrefsPostgres/PostgresPreferenceStore+ConnectionURL.swift, Sources/PrefsPostgres/PostgresPreferenceStore.swift, Sources/PrefsPostgres/PostgresPreferenceStoreError.swift
import NIOSSL
import PostgresNIO
import Prefs
import PrefsPostgres

func history(_ store: PostgresPreferenceStore) throws {
    for entry in try store.history(of: "maintenance_mode", since: .now.addingTimeInterval(-86_400)) {
        print(entry.version, entry.time, entry.applicationName, entry.newValue ?? "removed")
    }
    try store.rollback("rate_limit", toVersion: 412)
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
func startup(_ configuration: PostgresPreferenceStore.Configuration) throws {
    do {
        let store = try PostgresPreferenceStore(configuration: configuration)
    } catch let error as PostgresPreferenceStoreError where error.kind == .authenticationFailed {
        print(error)  // "could not start: the server refused the credentials of role 'app' (28P01: …)"
    }
}

let secret = "s3cret"
extension PreferenceKeys {
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
}
