// Complete form of samples in: README.md
import Foundation
import Prefs

let settingsURL = FilePreferenceStore.standardURL(appID: "com.example.app")   // ~/.config/com.example.app/…
let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))

prefs[\.showHelloWorld] = true          // cache and observers now; the store is written behind the caller
let theme: Theme = prefs[\.theme]       // a cached read: a lock and a dictionary lookup, no decoding
prefs.reset(\.theme)                    // removes the stored value: reads return the default again
try prefs.set(\.window, Frame(width: 800, height: 600))   // waits for the store and throws its error
prefs.update(\.launchCount) { $0 += 1 }  // atomic read-modify-write: no lost increments, even across processes
try prefs.transaction { tx in            // several keys, all or nothing; each key's observers told once
    tx[\.theme] = .dark
    tx.reset(\.lastOpened)
}
try prefs.flush()                       // returns when every earlier write is durable in its store

let token = prefs.observe(\.theme) { change in
    print("theme: \(change.oldValue) → \(change.newValue)")
}
token.cancel()                            // releasing the token cancels it too

for await theme in prefs.values(\.theme) { print(theme) }     // the current value, then each new one
for await frame in prefs.changes(\.window) { print(frame) }   // each new value only

withObservationTracking {
    _ = prefs[\.theme]                    // tracks `theme`, nothing else
} onChange: {
    print("theme changed")
}
