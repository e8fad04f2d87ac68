import Foundation
import Testing

/// Collects the first `count` elements of an async sequence, or fails after `seconds`.
func first<S: AsyncSequence & Sendable>(
    _ count: Int,
    of sequence: S,
    within seconds: Double = 10,
    sourceLocation: SourceLocation = #_sourceLocation
) async -> [S.Element] where S.Element: Sendable {
    await withTaskGroup(of: [S.Element]?.self) { group in
        group.addTask {
            var collected: [S.Element] = []
            do {
                for try await element in sequence {
                    collected.append(element)
                    if collected.count == count { break }
                }
            } catch {}
            return collected
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(seconds))
            return nil
        }
        let result = await group.next()!
        group.cancelAll()
        guard let result else {
            Issue.record("fewer than \(count) elements within \(seconds) s", sourceLocation: sourceLocation)
            return []
        }
        return result
    }
}
