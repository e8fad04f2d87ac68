// Complete form of samples in: Sources/PrefsConsole/Command/PrefsConsoleCommand.swift
import ArgumentParser
import PrefsCommand
import PrefsConsole

@main struct MyApp: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        subcommands: [Run.self, PrefsCommand<AppPreferences>.self, PrefsConsoleCommand<AppPreferences>.self]
    )
}

// What the sample above uses and does not show.
struct Run: ParsableCommand {}
