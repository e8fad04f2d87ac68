/// The arrays and objects a ``PreferenceJSONParser`` is inside, innermost last: a stack of its own instead of the
/// call stack, so that nesting costs heap memory, not stack.
///
/// Each kind has its own stack, so that appending to the innermost array or object changes it in place.
struct OpenContainers {
    enum Kind { case array, object }

    private struct OpenObject {
        var members: [String: PreferenceValue] = [:]
        /// Members whose value was `null`: ignored, but their names are taken.
        var nullNames: Set<String> = []
        /// The name of the member whose value is being parsed.
        var name: String
    }

    private var kinds: [Kind] = []
    private var arrays: [[PreferenceValue]] = []
    private var objects: [OpenObject] = []

    /// How many arrays and objects are open.
    var depth: Int { kinds.count }
    var innermost: Kind? { kinds.last }
    var innermostIsArray: Bool { kinds.last == .array }

    mutating func openArray() {
        kinds.append(.array)
        arrays.append([])
    }

    mutating func openObject(firstName name: String) {
        kinds.append(.object)
        objects.append(OpenObject(name: name))
    }

    mutating func append(_ element: PreferenceValue) { arrays[arrays.count - 1].append(element) }

    mutating func closeArray() -> [PreferenceValue] {
        kinds.removeLast()
        return arrays.removeLast()
    }

    /// Sets the member being parsed; nil (JSON `null`) only takes its name.
    mutating func setMember(_ value: PreferenceValue?) {
        let index = objects.count - 1
        if let value {
            objects[index].members[objects[index].name] = value
        } else {
            objects[index].nullNames.insert(objects[index].name)
        }
    }

    mutating func nextMember(_ name: String) { objects[objects.count - 1].name = name }

    func innermostObjectHasMember(_ name: String) -> Bool {
        guard let object = objects.last else { return false }
        return object.members[name] != nil || object.nullNames.contains(name)
    }

    mutating func closeObject() -> [String: PreferenceValue] {
        kinds.removeLast()
        return objects.removeLast().members
    }
}
