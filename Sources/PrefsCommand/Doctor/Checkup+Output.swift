internal import Foundation
internal import Prefs

extension Checkup {
    /// The checkup for people, one section per kind of finding.
    ///
    /// - Parameter style: How to colour it.
    /// - Returns: The text.
    package func text(_ style: TextStyle) -> String {
        var lines = [
            style.paint(location, .bold) + ": \(count(keyCount, "key"))"
                + (declaredCount.map { ", \($0) of them declared" } ?? "")
        ]
        func section(_ title: String, _ count: Int, _ body: () -> [String]) {
            guard count > 0 else { return }
            lines.append(style.paint("\(title) (\(count)):", .yellow))
            lines += body().map { "  " + $0 }
        }
        if declaredCount == nil {
            lines.append("keys not checked: pass --schema FILE (the app's `prefs schema`) to say which are declared")
        }
        section("Keys no declared key uses", undeclared.count) {
            var table = TextTable(header: ["KEY", "SIZE", "LAST CHANGED", "NOTE"])
            for key in undeclared {
                let note =
                    if let owner = key.formerNameOf {
                        "the former name of \(owner): its value moves there when the app next uses that key"
                    } else if key.isRemovable {
                        "removed by --gc"
                    } else {
                        "no key prefix: --gc removes it only with --all"
                    }
                table.append([
                    .init(key.name, .cyan), .init(Self.size(key.size)),
                    .init(key.lastChanged.map(Self.time) ?? "unknown", .dim), .init(note),
                ])
            }
            return table.render(style).split(separator: "\n").map(String.init)
        }
        let wholes = invalid.filter { $0.defaultedMembers == nil }
        section("Values that do not read as their key's type", wholes.count) {
            wholes.map { value in
                let shown = value.value.map { ValueText.json($0) + " " } ?? ""
                return "\(style.paint(value.name, .cyan)) (\(value.typeName)): \(shown)is not valid; the app reads the "
                    + "key's default, and the stored value is left as it is"
            }
        }
        let parts = invalid.filter { $0.defaultedMembers != nil }
        section("Values read member by member, with members that take their default", parts.count) {
            parts.map { value in
                let members = value.defaultedMembers ?? []
                return "\(style.paint(value.name, .cyan)) (\(value.typeName)): "
                    + members.map(\.description).joined(separator: ", ")
                    + (members.count == 1 ? " reads its default" : " read their default")
                    + "; the other members are kept"
            }
        }
        section("Keys an override hides", shadowed.count) {
            shadowed.map { "\(style.paint($0.name, .cyan)): stored, but the app reads \($0.overriddenBy)" }
        }
        section("Unsafe files", unsafeFiles.count) { unsafeFiles.map { "\($0.path): \($0.problem)" } }
        section("Leftovers", leftovers.count) {
            leftovers.map { leftover in
                let facts = "\(Self.size(Int(leftover.size))), \(leftover.modified.map(Self.time) ?? "unknown time")"
                return "\(leftover.path) (\(facts)): \(Self.explanation(of: leftover.kind))"
            }
        }
        if !outsidePrefix.isEmpty {
            lines.append(
                "\(count(outsidePrefix.count, "key")) outside the key prefix '\(keyPrefix)': not the app's, left alone")
        }
        if isClean, declaredCount != nil { lines.append(style.paint("No problems found.", .green)) }
        return lines.joined(separator: "\n")
    }

    /// The checkup as one JSON object.
    package var json: JSONObject {
        let date = { (date: Date?) in date.map { PreferenceValue.string(PreferenceDateFormat.string(from: $0)) } }
        var object = Self.object([
            ("location", .string(location)), ("keys", .integer(Int64(keyCount))),
            ("declared", declaredCount.map { .integer(Int64($0)) }), ("keyPrefix", .string(keyPrefix)),
        ])
        object.add(
            "undeclared",
            json: Self.array(
                undeclared.map { key in
                    Self.object([
                        ("key", .string(key.name)), ("size", .integer(Int64(key.size))),
                        ("lastChanged", date(key.lastChanged)),
                        ("formerNameOf", key.formerNameOf.map { .string($0) }), ("removable", .bool(key.isRemovable)),
                    ])
                }))
        object.add("outsidePrefix", .array(outsidePrefix.map { .string($0) }))
        object.add(
            "invalid",
            json: Self.array(
                invalid.map { value in
                    let members = value.defaultedMembers.map { members in
                        PreferenceValue.array(
                            members.map {
                                [
                                    "path": .string($0.path.joined(separator: ".")),
                                    "reason": .string($0.reason.rawValue),
                                ]
                            })
                    }
                    return Self.object(
                        [("key", .string(value.name)), ("type", .string(value.typeName))]
                            + (value.value.map { [("value", $0)] } ?? []) + [("defaultedMembers", members)])
                }))
        object.add(
            "shadowed",
            json: Self.array(
                shadowed.map { Self.object([("key", .string($0.name)), ("overriddenBy", .string($0.overriddenBy))]) }))
        object.add(
            "unsafeFiles",
            json: Self.array(
                unsafeFiles.map { Self.object([("path", .string($0.path)), ("problem", .string($0.problem))]) }))
        object.add(
            "leftovers",
            json: Self.array(
                leftovers.map { leftover in
                    var members: [(String, PreferenceValue?)] = [
                        ("path", .string(leftover.path)), ("size", .integer(leftover.size)),
                        ("modified", date(leftover.modified)),
                    ]
                    switch leftover.kind {
                    case .temporary(let pid):
                        members += [
                            ("kind", "temporary"), ("pid", .integer(Int64(pid))),
                            ("writerRunning", .bool(Self.isRunning(pid))),
                        ]
                    case .damagedCopy:
                        members.append(("kind", "damagedCopy"))
                    }
                    return Self.object(members)
                }))
        return object
    }

    /// An object with these members, in this order (nil is `null`).
    private static func object(_ members: [(String, PreferenceValue?)]) -> JSONObject {
        var object = JSONObject()
        for (name, value) in members { object.add(name, value) }
        return object
    }

    private static func array(_ objects: [JSONObject]) -> String {
        "[" + objects.map(\.text).joined(separator: ", ") + "]"
    }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    private static func size(_ bytes: Int) -> String {
        bytes < 10_000 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1000)
    }

    private static func time(_ date: Date) -> String {
        let parts = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let two = { (value: Int?) in String(format: "%02d", value ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
    }

    private static func explanation(of kind: PreferenceFileLeftover.Kind) -> String {
        switch kind {
        case .temporary(let pid):
            let writer = isRunning(pid) ? "process \(pid), still running" : "process \(pid), no longer running"
            return "the temporary file of a write that never finished (\(writer)); it is never read, and the next "
                + "write removes it"
        case .damagedCopy:
            return
                "a damaged version the store moved aside; Prefs never removes it: delete it once you no longer need it"
        }
    }

    /// Whether process `pid` exists.
    static func isRunning(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno == EPERM }
}
