internal import Foundation
internal import Prefs

#if canImport(Darwin)
internal import Darwin
#elseif canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#endif

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
        var object = JSONObject()
        object.add("location", location)
        object.add("keys", .integer(Int64(keyCount)))
        object.add("declared", declaredCount.map { .integer(Int64($0)) })
        object.add("keyPrefix", keyPrefix)
        object.add(
            "undeclared",
            json: Self.array(
                undeclared.map { key in
                    var member = JSONObject()
                    member.add("key", key.name)
                    member.add("size", .integer(Int64(key.size)))
                    member.add("lastChanged", key.lastChanged.map { .string(PreferenceDateFormat.string(from: $0)) })
                    member.add("formerNameOf", key.formerNameOf.map { .string($0) })
                    member.add("removable", .bool(key.isRemovable))
                    return member
                }))
        object.add("outsidePrefix", .array(outsidePrefix.map { .string($0) }))
        object.add(
            "invalid",
            json: Self.array(
                invalid.map { value in
                    var member = JSONObject()
                    member.add("key", value.name)
                    member.add("type", value.typeName)
                    if let stored = value.value { member.add("value", stored) }
                    member.add(
                        "defaultedMembers",
                        value.defaultedMembers.map { members in
                            .array(
                                members.map {
                                    [
                                        "path": .string($0.path.joined(separator: ".")),
                                        "reason": .string($0.reason.rawValue),
                                    ]
                                })
                        })
                    return member
                }))
        object.add(
            "shadowed",
            json: Self.array(
                shadowed.map { key in
                    var member = JSONObject()
                    member.add("key", key.name)
                    member.add("overriddenBy", key.overriddenBy)
                    return member
                }))
        object.add(
            "unsafeFiles",
            json: Self.array(
                unsafeFiles.map { file in
                    var member = JSONObject()
                    member.add("path", file.path)
                    member.add("problem", file.problem)
                    return member
                }))
        object.add(
            "leftovers",
            json: Self.array(
                leftovers.map { leftover in
                    var member = JSONObject()
                    member.add("path", leftover.path)
                    member.add("size", .integer(leftover.size))
                    member.add("modified", leftover.modified.map { .string(PreferenceDateFormat.string(from: $0)) })
                    switch leftover.kind {
                    case .temporary(let pid):
                        member.add("kind", "temporary")
                        member.add("pid", .integer(Int64(pid)))
                        member.add("writerRunning", .bool(Self.isRunning(pid)))
                    case .damagedCopy:
                        member.add("kind", "damagedCopy")
                    }
                    return member
                }))
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
