internal import ArgumentParser

/// The `--json` flag shared by the commands that print values.
package struct OutputOptions: ParsableArguments {
    /// Whether to print machine-readable JSON instead of text for people.
    @Flag(help: "Print machine-readable JSON (values in the preferences file's format).")
    package var json = false

    /// Creates the options; ArgumentParser calls it.
    package init() {}
}
