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
        /// The name of the member whose value is being parsed, and where it starts in the document.
        var name: String
        var nameStart: Int
        /// Whether this object is the value of a `$dictionary` member: a stored dictionary, as written, even when it
        /// looks like a mark (`{"$dictionary": {"$date": …}}` is the dictionary `["$date": …]`).
        var isWrapped = false
        /// The members of the object its `$dictionary` member holds, as written.
        var wrapped: [String: PreferenceValue]?
    }

    /// Whether the outermost object is a preferences file's, whose members are keys: never a mark, never a
    /// `$dictionary` wrapper, whatever their names.
    let outermostObjectHoldsKeys: Bool
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

    /// How many members to make room for in a file's own object, which is then filled without growing.
    private let expectedKeys: Int

    init(outermostObjectHoldsKeys: Bool, expectedKeys: Int = 0) {
        self.outermostObjectHoldsKeys = outermostObjectHoldsKeys
        self.expectedKeys = expectedKeys
    }

    /// Whether the innermost open container is the outermost object of a file, whose members are keys.
    private var innermostHoldsKeys: Bool { outermostObjectHoldsKeys && kinds.count == 1 && kinds[0] == .object }

    mutating func openObject(firstName name: (name: String, start: Int)) {
        // The value of a `$dictionary` member, unless that member's object is itself a wrapped dictionary, whose
        // members are ordinary ones, or the file's own object, whose members are keys.
        let isWrapped =
            kinds.last == .object && objects[objects.count - 1].name == "$dictionary"
            && !objects[objects.count - 1].isWrapped && !innermostHoldsKeys
        let capacity = outermostObjectHoldsKeys && kinds.isEmpty ? expectedKeys : 0
        kinds.append(.object)
        objects.append(
            OpenObject(
                members: Dictionary(minimumCapacity: capacity), name: name.name, nameStart: name.start,
                isWrapped: isWrapped))
    }

    mutating func append(_ element: PreferenceValue) { arrays[arrays.count - 1].append(element) }

    mutating func closeArray() -> [PreferenceValue] {
        kinds.removeLast()
        return arrays.removeLast()
    }

    /// Sets the member being parsed; nil (JSON `null`) only takes its name. Returns the name and where it starts
    /// when the object has a member of that name already (a document's error).
    mutating func setMember(_ value: PreferenceValue?) -> (name: String, start: Int)? {
        let index = objects.count - 1
        let name = objects[index].name
        let isTaken: Bool
        if let value {
            isTaken =
                objects[index].members.updateValue(value, forKey: name) != nil
                || (!objects[index].nullNames.isEmpty && objects[index].nullNames.contains(name))
        } else {
            isTaken = !objects[index].nullNames.insert(name).inserted || objects[index].members[name] != nil
        }
        return isTaken ? (name, objects[index].nameStart) : nil
    }

    mutating func nextMember(_ name: (name: String, start: Int)) {
        objects[objects.count - 1].name = name.name
        objects[objects.count - 1].nameStart = name.start
    }

    /// Closes the innermost object: the value it stands for, a mark (`{"$date": …}`) turned into its value.
    mutating func closeObject() -> PreferenceValue {
        if innermostHoldsKeys {
            kinds.removeLast()
            return .dictionary(objects.removeLast().members)  // a file's keys, as named
        }
        kinds.removeLast()
        let object = objects.removeLast()
        if object.isWrapped {
            objects[objects.count - 1].wrapped = object.members  // its parent decides what it is
            return .dictionary(object.members)
        }
        var members = object.members
        if let wrapped = object.wrapped {
            if members.count == 1 { return .dictionary(wrapped) }  // `{"$dictionary": {…}}`: the dictionary itself
            members["$dictionary"] = PreferenceJSON.special(wrapped) ?? .dictionary(wrapped)  // an ordinary member
        }
        return PreferenceJSON.special(members) ?? .dictionary(members)
    }
}
