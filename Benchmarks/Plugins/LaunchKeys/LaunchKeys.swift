import PackagePlugin

/// Generates the launch probe's declared keys (see LaunchKeysGenerator) into the build folder.
@main
struct LaunchKeys: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "DeclaredKeys.swift")
        return [
            .buildCommand(
                displayName: "Generating the launch probe's declared keys",
                executable: try context.tool(named: "LaunchKeysGenerator").url,
                arguments: [output.path],
                outputFiles: [output])
        ]
    }
}
