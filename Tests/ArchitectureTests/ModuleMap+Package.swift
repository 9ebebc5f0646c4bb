import Foundation

/// Where a target's Swift files are, as `swift package dump-package` describes it.
struct TargetSources {
    var module: String
    /// Relative to the package root: `Sources/<name>`, `Tests/<name>` or the manifest's `path`.
    var path: String
    /// Paths relative to `path` whose files are not the target's.
    var excluded: [String]
}

/// Why the JSON of `swift package dump-package` could not be read.
struct PackageDumpError: Error, CustomStringConvertible {
    var description: String
}

extension ModuleMap {
    /// The map Package.swift declares, from the JSON of `swift package dump-package`, and where
    /// each target's sources are.
    static func package(dump: Data) throws -> (map: ModuleMap, sources: [TargetSources]) {
        guard let root = try JSONSerialization.jsonObject(with: dump) as? [String: Any],
            let targets = root["targets"] as? [[String: Any]], let products = root["products"] as? [[String: Any]]
        else { throw PackageDumpError(description: "dump-package printed no targets and products") }
        var map = ModuleMap()
        var sources: [TargetSources] = []
        for target in targets {
            let module = try self.module(target)
            map.modules[module.name] = module
            if module.kind != .cLibrary && module.kind != .plugin {
                let folder = module.kind == .test ? "Tests" : "Sources"
                sources.append(
                    TargetSources(
                        module: module.name, path: target["path"] as? String ?? "\(folder)/\(module.name)",
                        excluded: target["exclude"] as? [String] ?? []))
            }
        }
        for product in products {
            let product = try self.product(product)
            map.products[product.name] = product
        }
        return (map, sources)
    }

    private static func module(_ target: [String: Any]) throws -> Module {
        guard let name = target["name"] as? String, let type = target["type"] as? String else {
            throw PackageDumpError(description: "a target without a name or type")
        }
        let kinds: [String: ModuleKind] = [
            "system": .cLibrary, "regular": .library, "executable": .executable, "plugin": .plugin, "test": .test,
        ]
        guard let kind = kinds[type] else { throw PackageDumpError(description: "\(name) is of type \(type)") }
        var dependencies = try (target["dependencies"] as? [[String: Any]] ?? []).map(dependency)
        for usage in target["pluginUsages"] as? [[String: Any]] ?? [] {
            guard let plugin = (usage["plugin"] as? [Any])?.first as? String else {
                throw PackageDumpError(description: "\(name) uses a plugin of another shape: \(usage)")
            }
            dependencies.append(.plugin(plugin))
        }
        return Module(name, kind, dependencies)
    }

    /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
    /// `{"product": [name, package, aliases, condition]}`; a condition is `null` or
    /// `{"platformNames": [...]}`.
    private static func dependency(_ json: [String: Any]) throws -> Dependency {
        guard let entry = json.first, let fields = entry.value as? [Any], let name = fields.first as? String else {
            throw PackageDumpError(description: "a dependency of another shape: \(json)")
        }
        let condition = (entry.key == "product" ? fields.last : fields.dropFirst().first) as? [String: Any]
        let platforms = (condition?["platformNames"] as? [String] ?? []).map { $0.lowercased() }.sorted()
        return Dependency(name: name, platforms: platforms)
    }

    private static func product(_ json: [String: Any]) throws -> Product {
        guard let name = json["name"] as? String, let targets = json["targets"] as? [String],
            let kind = (json["type"] as? [String: Any])?.keys.first
        else { throw PackageDumpError(description: "a product of another shape: \(json)") }
        return Product(name: name, kind: kind, targets: targets)
    }
}
