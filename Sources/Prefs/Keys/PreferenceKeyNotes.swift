/// What a key says about itself for people and tools: a description, whether its value is secret, whether its
/// stored objects are read member by member, and the names it was stored under before.
///
/// Kept out of ``PreferenceKeys/Key``'s own fields, behind one optional reference, so that a key that says nothing
/// carries nil and a read never touches it.
@usableFromInline
final class PreferenceKeyNotes: Sendable {
    /// What the key is for, in a sentence.
    let description: String?
    /// Whether the value is a secret that logs, tools and exports keep out of sight.
    let isSecret: Bool
    /// Whether a stored object that does not decode is read member by member over the default's members (see
    /// ``PreferenceKeys/Key/decodingMemberByMember()``).
    let decodesMemberByMember: Bool
    /// Names the key was stored under before, newest first.
    let formerNames: [String]

    private init(description: String?, isSecret: Bool, decodesMemberByMember: Bool, formerNames: [String]) {
        self.description = description
        self.isSecret = isSecret
        self.decodesMemberByMember = decodesMemberByMember
        self.formerNames = formerNames
    }

    /// Notes for a key, or nil when there is nothing to note.
    ///
    /// - Parameters:
    ///   - description: What the key is for.
    ///   - isSecret: Whether the value is secret.
    ///   - decodesMemberByMember: Whether a stored object is read member by member.
    ///   - formerNames: Names the key was stored under before.
    /// - Returns: The notes, or nil.
    @usableFromInline
    static func make(
        description: String?, isSecret: Bool, decodesMemberByMember: Bool = false, formerNames: [String] = []
    ) -> PreferenceKeyNotes? {
        guard description != nil || isSecret || decodesMemberByMember || !formerNames.isEmpty else { return nil }
        return PreferenceKeyNotes(
            description: description, isSecret: isSecret, decodesMemberByMember: decodesMemberByMember,
            formerNames: formerNames)
    }

    /// These notes with other former names (nil when that leaves nothing to note).
    static func with(_ formerNames: [String], in notes: PreferenceKeyNotes?) -> PreferenceKeyNotes? {
        guard formerNames != (notes?.formerNames ?? []) else { return notes }
        return make(
            description: notes?.description, isSecret: notes?.isSecret ?? false,
            decodesMemberByMember: notes?.decodesMemberByMember ?? false, formerNames: formerNames)
    }
}

extension PreferenceKeys.Key {
    /// What the key is for, in a sentence for people (`PrefsCommand list` and `describe` show it, the JSON Schema
    /// carries it); nil when the declaration gives none.
    public var description: String? { notes?.description }

    /// Whether the key's value is a secret, such as a token: Prefs' log messages never include it, `PrefsCommand`
    /// shows it redacted, ``Preferences/exportJSON(store:keys:includingSecrets:)`` leaves it out, and
    /// `PreferencesConfigProvider` reports it as secret.
    ///
    /// A secret is kept out of sight, not encrypted: the file store keeps it in a file only its owner can read.
    public var isSecret: Bool { notes?.isSecret ?? false }

    /// Whether a stored object that does not decode as it is is read member by member over the default's members
    /// (see ``decodingMemberByMember()``).
    public var decodesMemberByMember: Bool { notes?.decodesMemberByMember ?? false }

    /// Names the key was stored under before, newest first: a value found under one of them (and none under
    /// ``name``) is moved to ``name`` the first time a container uses the key. Kept with the notes: a read never
    /// needs them.
    public var formerNames: [String] { notes?.formerNames ?? [] }
}
