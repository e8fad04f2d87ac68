import Foundation
import Observation
import Synchronization

// Symbols of a dependency (Synchronization.Mutex: macOS 15, iOS 18) and of this module.

func mutexAtTheFloor() -> Int {
    Mutex(0).withLock { $0 }  // planted: Mutex needs macOS 15
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func mutexWhereAvailable() -> Int {
    Mutex(0).withLock { $0 }
}

func mutexBehindIfAvailable() -> Int {
    if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
        return Mutex(0).withLock { $0 }
    }
    return 0
}

func mutexAfterGuardAvailable() -> Int {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return 0 }
    return mutexWhereAvailable()
}

func ownSymbolAtTheFloor() -> Int {
    mutexWhereAvailable()  // planted: an @available function of this module
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
extension Int {
    var viaExtension: Int { Mutex(self).withLock { $0 } }
}

#if os(Linux)
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
func insideConditionalCompilation() -> Int {
    Mutex(0).withLock { $0 }
}
#endif

func observationAtItsFloor() {
    withObservationTracking {
        _ = 0
    } onChange: {
    }
}

func iteratesAStream() async {
    let (stream, continuation) = AsyncStream<Int>.makeStream()
    continuation.finish()
    for await _ in stream {}  // the compiler picks next(isolation:) only where it exists
}
