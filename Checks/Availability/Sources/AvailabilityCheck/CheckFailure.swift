/// Why the check could not run (as opposed to what it found): a missing file, an unreadable store.
package struct CheckFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) { self.description = description }
}
