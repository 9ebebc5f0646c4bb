import Foundation
import PackagePlugin

/// Turns every file under a target's `Assets/` folder into Swift source, so the binary serves
/// its web page without reading files at run time (and works wherever it is copied).
@main
struct EmbedAssets: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let assets = target.directoryURL.appending(path: "Assets")
        // The folder is excluded from compilation in Package.swift, so list it directly.
        let enumerator = FileManager.default.enumerator(
            at: assets, includingPropertiesForKeys: [.isRegularFileKey])
        let inputs = (enumerator?.allObjects as? [URL] ?? [])
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedAssets.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) web assets of \(target.name)",
                executable: try context.tool(named: "AssetEmbedder").url,
                arguments: [assets.path, output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
