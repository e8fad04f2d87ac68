internal import Foundation

/// A position in a source file: line and UTF-8 column, both from 1, as the compiler and the index store count them.
package struct SourcePosition: Comparable, Hashable, Sendable, CustomStringConvertible {
    package let line: Int
    package let column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static func < (lhs: Self, rhs: Self) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    package var description: String { "\(line):\(column)" }
}

/// One node of the compiler's parse dump (`swift-frontend -dump-parse`): its kind, the source range it covers, the
/// rest of its line, and its children.
package final class DumpNode {
    package let kind: String
    package let text: String
    package let range: ClosedRange<SourcePosition>?
    package private(set) var children: [DumpNode] = []
    package private(set) weak var parent: DumpNode?

    init(kind: String, text: String, range: ClosedRange<SourcePosition>?) {
        self.kind = kind
        self.text = text
        self.range = range
    }

    /// The range of the node and everything in it: a property's accessors lie outside its own range.
    package var span: ClosedRange<SourcePosition>? {
        var lower = range?.lowerBound
        var upper = range?.upperBound
        for child in children {
            guard let childSpan = child.span else { continue }
            lower = min(lower ?? childSpan.lowerBound, childSpan.lowerBound)
            upper = max(upper ?? childSpan.upperBound, childSpan.upperBound)
        }
        guard let lower, let upper else { return nil }
        return lower...upper
    }

    /// This node and every node under it, depth first.
    package var subtree: [DumpNode] { [self] + children.flatMap(\.subtree) }

    /// The value of `name=value` on the node's line.
    package func field(_ name: String) -> String? {
        guard let start = text.range(of: " \(name)=") else { return nil }
        return String(text[start.upperBound...].prefix { $0 != " " && $0 != ")" })
    }

    /// Reads the text dump of one source file: one node a line, nested by two spaces.
    package static func parse(_ dump: Substring) -> DumpNode {
        let root = DumpNode(kind: "dump", text: "", range: nil)
        var stack: [(indent: Int, node: DumpNode)] = [(-1, root)]
        for line in dump.split(separator: "\n", omittingEmptySubsequences: true) {
            let indent = line.prefix { $0 == " " }.count
            let body = line.dropFirst(indent)
            guard body.first == "(" else { continue }  // a wrapped value; nodes always start a line
            let kind = String(body.dropFirst().prefix { $0 != " " && $0 != ")" })
            let node = DumpNode(kind: kind, text: String(body), range: Self.range(in: body))
            while let last = stack.last, last.indent >= indent { stack.removeLast() }
            node.parent = stack.last!.node
            stack.last!.node.children.append(node)
            stack.append((indent, node))
        }
        return root
    }

    /// `range=[File.swift:3:5 - line:9:5]`.
    private static func range(in text: Substring) -> ClosedRange<SourcePosition>? {
        guard let marker = text.range(of: " range=[") else { return nil }
        let rest = text[marker.upperBound...].prefix { $0 != "]" }
        guard let dash = rest.range(of: " - line:") else { return nil }
        let start = rest[..<dash.lowerBound].split(separator: ":").suffix(2).compactMap { Int($0) }
        let end = rest[dash.upperBound...].split(separator: ":").compactMap { Int($0) }
        guard start.count == 2, end.count == 2 else { return nil }
        let lower = SourcePosition(line: start[0], column: start[1])
        let upper = SourcePosition(line: end[0], column: end[1])
        return lower <= upper ? lower...upper : nil
    }
}
