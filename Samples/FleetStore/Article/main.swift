// Complete form of samples in: Sources/PrefsPostgres/PrefsPostgres.docc/PrefsPostgres.md
import Prefs
import PrefsPostgres

extension PreferenceKeys {
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
}

let store = try await PostgresPreferenceStore.connect(configuration: .init(
    connection: .init(host: "db.internal", username: "app", password: secret, database: "app", tls: .disable),
    namespace: "billing-service"))
let prefs = Preferences(store: store)

let token = prefs.observe(\.maintenanceMode) { change in
    print("maintenance mode is now \(change.newValue)")   // in every instance, a few ms after the write
}
prefs[\.maintenanceMode] = true
try prefs.flush()   // committed

let secret = "s3cret"
