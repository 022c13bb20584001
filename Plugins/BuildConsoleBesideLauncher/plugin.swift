import PackagePlugin

/// Adds no build step: its only job is its dependency. A plugin's executable dependency is built before
/// the target that uses the plugin, and not linked into it, so `swift run tophhie` also builds the
/// console (as `tophhie-console-tool`) that the launcher execs, while the launcher stays free of the
/// console's libraries. An executable depending on another executable of the same package would link
/// the whole stack into the launcher instead.
@main struct BuildConsoleBesideLauncher: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] { [] }
}
