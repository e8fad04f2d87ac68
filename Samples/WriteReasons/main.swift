// Complete form of samples in: Sources/Prefs/Container/Preferences+Reasons.swift
// The samples of the doc comments of the container's writes with a reason, each in a scope of its own.
import Prefs

let prefs = Preferences(store: InMemoryPreferenceStore())

extension PreferenceKeys {
    var rateLimit: Key<Int> { Key("rate_limit", default: 500) }
    var allowedHosts: Key<Set<String>> { Key("allowed_hosts", default: ["api.example", "scraper.example"]) }
    var useNewCache: Key<Bool> { Key("use_new_cache", default: true) }
    var cacheSize: Key<Int> { Key("cache_size", default: 1024) }
}

do {
    try prefs.set(\.rateLimit, 250, reason: "INC-4711: halve the limit during the incident")
}
do {
    prefs.update(\.allowedHosts, reason: "INC-4711: block the scraper") { $0.remove("scraper.example") }
}
do {
    try prefs.transaction(reason: "rollback of bad rollout 2026-11-24") { tx in
        tx[\.useNewCache] = false
        tx[\.cacheSize] = 512
    }
}
