import ExampleFeature
import ExampleSettings
import Foundation
import Prefs

// A small command-line tool: counts how often it ran, toggles a setting, prints the changes it sees.
//   swift run prefs-example            count this launch
//   swift run prefs-example --toggle   also flip "should_show_hello_world"

let prefs = Preferences.standard

let token = prefs.observe(\.showHelloWorld) { change in
    print("observed: should_show_hello_world \(change.oldValue) → \(change.newValue)")
}

prefs.update(\.launchCount) { $0 += 1 }
let previous = prefs[\.launchHistory].first
prefs.update(\.launchHistory) { $0 = Array(([Date()] + $0).prefix(5)) }

if CommandLine.arguments.contains("--toggle") {
    prefs[\.showHelloWorld].toggle()
}

print(Greeting(preferences: prefs).message())
print("launch #\(prefs[\.launchCount])", previous.map { "(last: \($0.formatted()))" } ?? "(first launch)")

try prefs.flush()
token.cancel()
