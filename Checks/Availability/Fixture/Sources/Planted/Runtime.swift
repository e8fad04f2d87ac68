// Language features whose runtime is newer than the floor.

struct PlantedError: Error {}

func typedThrowsParameter(_ body: () throws(PlantedError) -> Void) throws(PlantedError) {
    try body()
}

final class Holder: Sendable {
    let stored: (@Sendable () throws(PlantedError) -> Void)? = nil  // planted: reified typed throws
    let isolated: @isolated(any) @Sendable () -> Void = {}  // planted: reified @isolated(any)
    let untyped: (@Sendable () throws -> Void)? = nil
}

func isolatedAnyParameter(_ work: @escaping @isolated(any) @Sendable () -> Void) {}

@MainActor
final class MainActorOwner {
    isolated deinit {}  // planted: isolated deinit
}

func packs<each Element>(_ element: repeat each Element) {}
