import Testing

@testable import Prefs

/// The queue behind every delivery loop: items come out in order, an item put first comes out first, one thread at a
/// time holds the claim, and a queue that waits behind a slow deliverer still hands items out one by one.
@Suite struct DeliveryQueueTests {
    @Test func itemsComeOutInOrderWithAPrependedOneFirst() {
        var queue = DeliveryQueue<Int>()
        let claimedEmpty = queue.claim()
        #expect(!claimedEmpty, "nothing queued: nothing to claim")
        for item in 1...3 { queue.append(item) }
        queue.prepend(0)
        let (claimed, claimedTwice) = (queue.claim(), queue.claim())
        #expect(claimed && queue.isDelivering)
        #expect(!claimedTwice, "one deliverer at a time")
        queue.append(4)  // queued while the deliverer delivers: it takes this one too
        var delivered: [Int] = []
        while let item = queue.popFirst() { delivered.append(item) }
        #expect(delivered == [0, 1, 2, 3, 4])
        #expect(!queue.isDelivering, "an empty queue gives the claim up")
    }

    @Test func aDelivererThatIsNotReadyGivesTheClaimUpAndKeepsTheItems() {
        var queue = DeliveryQueue<Int>()
        queue.append(1)
        let claimed = queue.claim()
        let notReady = queue.popFirst(ready: false)
        #expect(claimed && notReady == nil && !queue.isDelivering)
        let (claimedAgain, first) = (queue.claim(), queue.popFirst())
        #expect(claimedAgain && first == 1)
    }

    @Test func aLongBacklogComesOutWhole() {
        var queue = DeliveryQueue<Int>()
        for item in 0..<100_000 { queue.append(item) }
        let claimed = queue.claim()
        #expect(claimed)
        var next = 0
        while let item = queue.popFirst() {
            guard item == next else { break }
            next += 1
        }
        #expect(next == 100_000)
    }
}
