// Complete form of samples in: Sources/PrefsPostgres/PrefsPostgres.docc/SharingSettingsAcrossAFleet.md
import NIOSSL
import PostgresNIO
import Prefs
import PrefsPostgres

var connection = PostgresConnection.Configuration(
    host: "db.internal", port: 5432, username: "app", password: secret, database: "app",
    tls: .require(try NIOSSLContext(configuration: .makeClientConfiguration())))
connection.options.additionalStartupParameters = [("application_name", "billing-7")]
let store = try await PostgresPreferenceStore.connect(
    configuration: .init(connection: connection, namespace: "billing-service"))

for entry in try store.history(of: "rate_limit", since: .now.addingTimeInterval(-86_400)) {
    print(entry.version, entry.time, entry.role, entry.applicationName, entry.newValue ?? "removed")
}
try store.rollback("rate_limit", toVersion: 412)   // a normal write of the old value, recorded too

let secret = "s3cret"
