import Foundation

extension ImportLines {
    /// For each target, the targets of `modules` its Swift files import, each with the first file
    /// (relative to `root`, in path order) that does.
    static func of(_ targets: [TargetSources], in root: URL, among modules: Set<String>) throws
        -> [String: [String: String]]
    {
        var imports: [String: [String: String]] = [:]
        for target in targets {
            var found: [String: String] = [:]
            for file in try swiftFiles(of: target, in: root) {
                let source = try String(contentsOf: root.appending(path: file), encoding: .utf8)
                for module in modules.intersection(self.modules(in: source)) where found[module] == nil {
                    found[module] = file
                }
            }
            imports[target.module] = found
        }
        return imports
    }

    /// The target's `.swift` files, relative to `root`, sorted, without its excluded paths.
    private static func swiftFiles(of target: TargetSources, in root: URL) throws -> [String] {
        let folder = root.appending(path: target.path)
        let excluded = target.excluded.map { "\(target.path)/\($0)" }
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        return files.filter { $0.hasSuffix(".swift") }.map { "\(target.path)/\($0)" }
            .filter { file in !excluded.contains { file == $0 || file.hasPrefix("\($0)/") } }
            .sorted()
    }
}
