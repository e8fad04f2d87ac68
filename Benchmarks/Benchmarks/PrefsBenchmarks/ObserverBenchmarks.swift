import Benchmark
import Prefs
import Synchronization

/// Time from the start of a write to the moment an observer of the key runs, in the same process.
/// Foundation has no twin: on Linux, `UserDefaults` posts no notification for `set`.
func observerBenchmarks() {
    // `observe` is documented to run the callback on the thread that made the change, so it has run when the
    // write returns. When it has not (another thread delivered it), the writer waits for it: the latency
    // stays honest, and `callbacksAfterReturn` counts those writes per 1,000.
    let callback = Configurations.perWrite([CustomMetrics.wakeLatency, CustomMetrics.callbacksAfterReturn])
    Benchmark("Prefs.observe-callback", configuration: callback) { benchmark, observed in
        var value = observed.prefs[\.count]
        var callbacksAfterReturn = 0
        for _ in 0..<Configurations.writesPerIteration {
            value &+= 1
            let start = monotonicNanoseconds()
            observed.prefs[\.count] = value
            if !observed.probe.hasReceived(value) {
                callbacksAfterReturn += 1
                spin { observed.probe.hasReceived(value) }
            }
            benchmark.measurement(CustomMetrics.wakeLatency, observed.probe.wakeTime - start)
        }
        benchmark.measurement(CustomMetrics.callbacksAfterReturn, callbacksAfterReturn)
    } setup: {
        try CallbackObserver()
    }

    // `values` wakes a task parked in the async sequence; the writer spins until that task has run,
    // then leaves it time to park again before the next write.
    let stream = Configurations.perWrite([CustomMetrics.wakeLatency])
    Benchmark("Prefs.values-wake", configuration: stream) { benchmark, observed in
        var value = observed.prefs[\.count]
        for _ in 0..<Configurations.writesPerIteration {
            value &+= 1
            let start = monotonicNanoseconds()
            observed.prefs[\.count] = value
            spin { observed.probe.hasReceived(value) }
            benchmark.measurement(CustomMetrics.wakeLatency, observed.probe.wakeTime - start)
            spin(nanoseconds: 50_000)
        }
    } setup: {
        try await StreamObserver()
    }

    // The same wake-up through a bare `AsyncStream`: what the runtime costs, without Prefs.
    Benchmark("Floor.asyncstream-wake", configuration: stream) { benchmark, floor in
        var value = 0
        for _ in 0..<Configurations.writesPerIteration {
            value &+= 1
            let start = monotonicNanoseconds()
            floor.continuation.yield(value)
            spin { floor.probe.hasReceived(value) }
            benchmark.measurement(CustomMetrics.wakeLatency, floor.probe.wakeTime - start)
            spin(nanoseconds: 50_000)
        }
    } setup: {
        await StreamFloor()
    }
}

/// Where an observer records the last value it saw and when.
final class WakeProbe: Sendable {
    private let time = Atomic<Int>(0)
    private let received = Atomic<Int>(-1)

    /// When the observer last ran, in `monotonicNanoseconds()`; read it after `hasReceived(_:)` returned true.
    var wakeTime: Int { time.load(ordering: .relaxed) }

    func record(_ value: Int) {
        time.store(monotonicNanoseconds(), ordering: .relaxed)
        received.store(value, ordering: .releasing)
    }

    func hasReceived(_ value: Int) -> Bool { received.load(ordering: .acquiring) == value }
}

/// A container whose `count` key has one `observe` callback.
final class CallbackObserver: Sendable {
    let prefs: Preferences
    let probe: WakeProbe
    private let token: PreferenceObservationToken

    init() throws {
        let probe = WakeProbe()
        prefs = try Fixtures.preferences()
        token = prefs.observe(\.count) { change in probe.record(change.newValue) }
        self.probe = probe
    }
}

/// A container whose `count` key is watched by a task iterating `values(\.count)`.
final class StreamObserver: Sendable {
    let prefs: Preferences
    let probe: WakeProbe
    private let consumer: Task<Void, Never>

    init() async throws {
        let probe = WakeProbe()
        let prefs = try Fixtures.preferences()
        let values = prefs.values(\.count)
        consumer = Task {
            for await value in values { probe.record(value) }
        }
        // The sequence yields the current value first: once it has, the observer is registered.
        while !probe.hasReceived(Fixtures.count) { await Task.yield() }
        self.prefs = prefs
        self.probe = probe
    }

    deinit { consumer.cancel() }
}

/// A plain `AsyncStream` watched by a task, for the floor under `values`: the same wake-up without Prefs.
final class StreamFloor: Sendable {
    let continuation: AsyncStream<Int>.Continuation
    let probe: WakeProbe
    private let consumer: Task<Void, Never>

    init() async {
        let probe = WakeProbe()
        let (values, continuation) = AsyncStream.makeStream(of: Int.self)
        consumer = Task {
            for await value in values { probe.record(value) }
        }
        continuation.yield(0)
        while !probe.hasReceived(0) { await Task.yield() }
        self.continuation = continuation
        self.probe = probe
    }

    deinit { consumer.cancel() }
}
