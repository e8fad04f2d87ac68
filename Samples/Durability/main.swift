// Complete form of samples in: Sources/Prefs/Prefs.docc/Durability.md
import Prefs

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.app")
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
