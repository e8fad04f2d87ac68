// MARK: - Placeholder: rows that need the durable file store
//
// `FilePreferenceStore(url:)` is being written elsewhere. Once it exists, write `fileStoreBenchmarks()` here
// with these rows and call it from `PrefsBenchmarks.swift`. The table (`compare.sh`) pairs `FileStore.<row>`
// with `Foundation.<row>` by the text after the first dot, so keep the names:
//
// - `FileStore.read-cached-Int`: `prefs[\.count]` on a container over a `FilePreferenceStore` holding the
//   twelve fixture values (`Configurations.perKilo`). Its twin is the existing `Foundation.read-cached-Int`.
// - `FileStore.write-flush-1000-keys` / `Foundation.write-flush-1000-keys`: in a 1,000-key file,
//   `prefs[\.count] = i` then `try prefs.flush()`, against `set(i, forKey:)` then `synchronize()` on a suite
//   holding 1,000 keys (`scalingFactor: .one`; each iteration is one durable write).
// - `FileStore.open-read-1000-keys` / `Foundation.open-read-1000-keys`: open a 1,000-key file (a new store
//   and container) and read every key once, against a new `UserDefaults(suiteName:)` over a 1,000-key plist
//   read key by key.
// - `FileStore.outside-change-wake`: another process writes the file; the `wakeLatencyNanoseconds` metric is
//   the time until a `values()` observer in this process yields the new value. No Foundation twin: it posts
//   nothing on Linux.
//
// Put files in a temporary directory, never under `~`; measure `.wallClock` and `.mallocCountTotal`.
