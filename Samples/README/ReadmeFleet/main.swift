// Complete form of samples in: README.md
import PostgresNIO
import Prefs
import PrefsPostgres

let store = try await PostgresPreferenceStore.connect(configuration: .init(
    connection: .init(host: "db.internal", username: "app", password: secret, database: "app",
                      tls: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))),
    namespace: "billing-service"))
let prefs = Preferences(store: store)
prefs[\.maintenanceMode] = true          // every instance's observers of this key hear it within milliseconds
try prefs.flush()                        // returns once the write is committed
prefs.update(\.launchCount) { $0 += 1 }  // atomic across every instance

// What the sample above uses and does not show.
import NIOSSL

let secret = "s3cret"

extension PreferenceKeys {
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
    var launchCount: Key<Int> { Key("launch_count", default: 0) }
}
