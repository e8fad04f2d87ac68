internal import ArgumentParser
package import Prefs

/// The `--show-secrets` flag of the commands that print values, and how a secret key's value is shown without it.
package struct SecretOptions: ParsableArguments {
    /// Whether to print the values of keys declared secret.
    @Flag(help: "Print the values of keys declared secret (shown as <secret> otherwise).")
    package var showSecrets = false

    /// Creates the options; ArgumentParser calls it.
    package init() {}

    /// What stands in for a secret value.
    package static let placeholder = "<secret>"

    /// Whether a key's value (and default) must be hidden.
    package func hides(_ key: AnyPreferenceKey) -> Bool { key.isSecret && !showSecrets }

    /// Whether the values of a key with this stored name must be hidden, given the names of secret keys.
    package func hides(_ name: String, secretNames: Set<String>) -> Bool { secretNames.contains(name) && !showSecrets }
}
