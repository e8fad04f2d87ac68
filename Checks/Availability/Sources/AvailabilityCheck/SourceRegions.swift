/// The availability that each part of a source file may rely on, beyond the package's floor: the `@available` of the
/// declarations around it, and `if #available` / `while #available` blocks and the code after `guard #available`.
package struct SourceRegions: Sendable {
    package struct Region: Sendable {
        package let range: ClosedRange<SourcePosition>
        package let availability: Availability
    }

    package let regions: [Region]

    package init(regions: [Region]) { self.regions = regions }

    /// What code at `position` may rely on, given the package's floor.
    package func availability(at position: SourcePosition, floor: Availability) -> Availability {
        regions.filter { $0.range.contains(position) }.reduce(floor) { $0.refined(by: $1.availability) }
    }

    /// The regions of one file's parse dump. `source` is the file's text, to tell `#unavailable` from `#available`,
    /// which the dump prints alike.
    package init(dump: DumpNode, source: String) {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        var regions: [Region] = []
        let nodes = dump.subtree
        let bindings = nodes.filter { $0.kind == "pattern_binding_decl" }.compactMap(\.span)
        for node in nodes {
            if let attributes = Self.attributes(of: node), var span = node.span {
                // A stored property's initializer belongs to its pattern binding, outside the variable's range.
                if node.kind == "var_decl", let binding = bindings.first(where: { $0.contains(span.lowerBound) }) {
                    span = min(span.lowerBound, binding.lowerBound)...max(span.upperBound, binding.upperBound)
                }
                regions.append(Region(range: span, availability: attributes))
            }
            guard let condition = node.children.first(where: { $0.kind == "conditions=array" }),
                let query = condition.children.first(where: { $0.kind == "#available" }),
                let statement = node.range
            else { continue }
            let line = statement.lowerBound.line - 1
            let text = lines.indices.contains(line) ? lines[line] : ""
            if text.contains("#unavailable") { continue }  // narrows nothing that the check relies on
            let availability = Self.specs(of: query)
            switch node.kind {
            case "if_stmt", "while_stmt":
                let body = node.children.drop { $0 !== condition }.dropFirst().first { $0.kind == "brace_stmt" }
                if let body = body?.span { regions.append(Region(range: body, availability: availability)) }
            case "guard_stmt":
                if let scope = node.parent?.span, statement.upperBound < scope.upperBound {
                    regions.append(Region(range: statement.upperBound...scope.upperBound, availability: availability))
                }
            default: continue
            }
        }
        self.regions = regions
    }

    /// A declaration's `@available` attributes, or nil when it has none that concern the Apple platforms.
    private static func attributes(of node: DumpNode) -> Availability? {
        var availability = Availability()
        var unavailableEverywhere = false
        for attribute in node.children where attribute.kind == "available_attr" {
            let domain = attribute.field("domainIdentifier") ?? ""
            let unavailable = attribute.text.contains(" unavailable")
            if domain == "*" {
                if unavailable { unavailableEverywhere = true }
                continue
            }
            guard let platform = ApplePlatform(name: domain) else { continue }
            if unavailable {
                availability.platforms[platform] = .unavailable
            } else if let introduced = attribute.field("introduced").flatMap(Version.init) {
                availability.platforms[platform] = .introduced(introduced)
            }
        }
        if unavailableEverywhere {
            return Availability(Dictionary(uniqueKeysWithValues: ApplePlatform.allCases.map { ($0, .unavailable) }))
        }
        return availability.platforms.isEmpty ? nil : availability.inferringVisionOS
    }

    /// The platforms an `#available(...)` condition names.
    private static func specs(of query: DumpNode) -> Availability {
        var availability = Availability()
        for spec in query.children where spec.kind == "availability_spec" {
            guard let platform = ApplePlatform(name: spec.field("domain") ?? ""),
                let version = spec.field("version").flatMap(Version.init)
            else { continue }
            availability.platforms[platform] = .introduced(version)
        }
        return availability.inferringVisionOS
    }
}
