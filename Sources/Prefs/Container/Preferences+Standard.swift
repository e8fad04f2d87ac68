extension Preferences {
    private static let standardContainer = Lock<Preferences?>(nil)

    /// The process-wide container that every ``Preference`` wrapper uses unless told otherwise.
    ///
    /// Assign another container before first use to choose where the app's preferences live;
    /// wrappers without an explicit container read this property on every access.
    public static var standard: Preferences {
        get {
            standardContainer.withLock { container in
                if let container { return container }
                let created = makeStandard()
                container = created
                return created
            }
        }
        set { standardContainer.withLock { $0 = newValue } }
    }

    private static func makeStandard() -> Preferences {
        Preferences(store: InMemoryPreferenceStore())
    }
}
