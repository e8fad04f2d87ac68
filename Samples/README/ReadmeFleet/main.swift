// Complete form of samples in: README.md
import Prefs

import PrefsPostgres

let store = try await PostgresPreferenceStore.connect(configuration: .init(url: databaseURL, namespace: "billing"))
let prefs = Preferences(store: store)
prefs[\.maintenanceMode] = true          // every instance's observers of this key hear it within milliseconds
try prefs.flush()                        // returns once the write is committed

// What the sample above uses and does not show.
let databaseURL = "postgres://app@db.internal/app?sslmode=verify-full"

extension PreferenceKeys {
    var maintenanceMode: Key<Bool> { Key("maintenance_mode", default: false) }
}
