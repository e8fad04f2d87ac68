// Complete form of samples in: Sources/Prefs/Container/PreferenceKeysTransaction.swift, Sources/Prefs/Container/Preferences+Resetting.swift, Sources/Prefs/Standard/Preferences+Standard.swift, Sources/Prefs/Container/Preferences+Reading.swift, Sources/Prefs/Container/Preferences+Transactions.swift, Sources/Prefs/Wrappers/Preferences+UserDefaults.swift, Sources/Prefs/Container/Preferences.swift, Sources/Prefs/Evolution/PreferenceMigration.swift, Sources/Prefs/Keys/AnyPreferenceKey.swift, Sources/Prefs/Keys/Preferences+AnyPreferenceKey.swift, Sources/Prefs/Observation/PreferenceObservationToken.swift, Sources/Prefs/Observation/Preferences+AllKeys.swift, Sources/Prefs/Observation/Preferences+Observable.swift, Sources/Prefs/Observation/Preferences+Observing.swift, Sources/Prefs/Overrides/PreferenceOverrideLayer.swift, Sources/Prefs/Overrides/Preferences+Overrides.swift, Sources/Prefs/Schema/Preferences+JSONSchema.swift, Sources/Prefs/Stores/File/FilePreferenceStore.swift, Sources/Prefs/Stores/InMemoryPreferenceStore.swift, Sources/Prefs/Stores/PreferenceWriteReason.swift, Sources/Prefs/Stores/UserDefaults/PreferenceCodec+UserDefaults.swift, Sources/Prefs/Stores/UserDefaults/UserDefaultsPreferenceStore.swift, Sources/Prefs/Values/PreferenceCodec.swift, Sources/Prefs/Values/PreferenceValue.swift, Sources/Prefs/Values/PreferenceValueDecoder.swift, Sources/Prefs/Values/PreferenceStorable.swift
// The samples of the doc comments of Prefs' container, keys, observation, overrides, stores and values: each where
// its symbol's documentation shows it, most in a scope of their own. What they use is declared in Context.swift.
import Foundation
import Prefs

do {
    try prefs.transaction { tx in
        tx[\.theme] = .dark
        tx[\.window] = frame
    }
}
do {
    prefs.reset(\.theme, \.window, \.lastOpened)
    try prefs.resetAll()                   // every store of the container
    try prefs.resetAll(in: [.appGroup])    // one store
}
do {
    let myURL = FilePreferenceStore.standardURL(appID: "com.example.app")
    Preferences.standard = Preferences(store: try FilePreferenceStore(url: myURL))
}
do {
    prefs[\.showHelloWorld] = true
    if prefs[\.showHelloWorld] { print("Hello, world!") }
}
do {
    prefs.update(\.launchCount) { $0 += 1 }
}
do {
    let prefs = Preferences.shared(for: .standard)
    prefs[\.username] = "fatbobman"     // what @Persistence("username") reads
}
do {
    let prefs = Preferences(store: InMemoryPreferenceStore())
    prefs[\.showHelloWorld] = true
    let theme: Theme = prefs[\.theme]
    prefs.reset(\.theme)
    try prefs.flush()
}
do {
    let groupStore = InMemoryPreferenceStore()
    let prefs = Preferences(stores: [.default: try FilePreferenceStore(url: url), .appGroup: groupStore])
}
do {
    let steps = [
        PreferenceMigration("2026-11-split-window") { tx in
            if case .dictionary(let old)? = tx.value(named: "window") {
                tx.setValue(old["origin"], named: "window_origin")
                tx.setValue(nil, named: "window")
            }
        },
        PreferenceMigration("2026-12-dark-by-default") { tx in
            if tx.value(named: "theme") == nil { tx[\.theme] = .dark }
        },
    ]
    try prefs.migrate(steps)
}
do {
    let keys = [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)]
    try prefs.validateOverrides(of: keys)
}
do {
    for key in [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.launchCount)] {
        print(key.name, prefs.currentValue(of: key).map(String.init(describing:)) ?? "nil")
    }
}
do {
    let theme = AnyPreferenceKey(\.theme)
    try prefs.set(try theme.storedValue(parsing: "dark"), for: theme)
}
do {
    let token = prefs.observe(\.theme) { change in print(change.newValue) }
    token.cancel()
}
do {
    for await name in prefs.changedKeys() { print("\(name) changed") }
}
do {
    withObservationTracking {
        _ = prefs[\.theme]
    } onChange: {
        print("theme will change")
    }
}
do {
    let token = prefs.observe(\.theme) { change in apply(change.newValue) }
}
do {
    for await theme in prefs.values(\.theme) { apply(theme) }
}
do {
    for await theme in prefs.changes(\.theme) { apply(theme) }
}
do {
    let secrets = PreferenceOverrideLayer(name: "secret") { key in
        vault.text(for: key).map { (.text($0), "vault/\(key)") }
    }
}
do {
    print(prefs.source(of: \.theme))   // environment variable MYAPP_THEME
}
do {
    try prefs.jsonSchema(of: [AnyPreferenceKey(\.theme), AnyPreferenceKey(\.window)])
        .write(to: URL(fileURLWithPath: "preferences.schema.json"))
}
do {
    let prefs = Preferences(store: try FilePreferenceStore(url: settingsURL))
}
do {
    let prefs = Preferences(store: InMemoryPreferenceStore(["theme": "dark"]))
}
do {
    PreferenceWriteReason.$current.withValue("INC-4711: disable the new cache") {
        prefs[\.useNewCache] = false
    }
}
do {
    let prefs = Preferences(stores: [
        .default: UserDefaultsPreferenceStore(.standard),
        .appGroup: UserDefaultsPreferenceStore(suiteName: "group.com.example")!,
    ])
}
do {
    let group = UserDefaultsPreferenceStore(suiteName: "group.com.example")!
}
do {
    let celsius = PreferenceCodec<Measurement<UnitTemperature>>(
        encode: { .double($0.converted(to: .celsius).value) },
        decode: { Measurement(value: try Double(preferenceValue: $0), unit: .celsius) }
    )
}
do {
    let stored: PreferenceValue = ["width": 640, "height": 480, "title": "Main"]
}
do {
    let frame = try PreferenceValueDecoder().decode(Frame.self, from: ["width": 640, "height": 480])
}
