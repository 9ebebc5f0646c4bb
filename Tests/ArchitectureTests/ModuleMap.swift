/// A map of the package: its modules with their dependency arrows, and its products. Read once from
/// `swift package dump-package` and once from `docs/ARCHITECTURE.md`, so the two can be compared.
struct ModuleMap: Equatable {
    var modules: [String: Module] = [:]
    var products: [String: Product] = [:]
}

/// One target and the arrows that leave it.
struct Module: Equatable {
    var name: String
    var kind: ModuleKind
    var dependencies: [String: Dependency] = [:]

    init(_ name: String, _ kind: ModuleKind, _ dependencies: [Dependency] = []) {
        self.name = name
        self.kind = kind
        self.dependencies = Dictionary(dependencies.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }
}

/// What a target is, in the page's words.
enum ModuleKind: String, CaseIterable {
    case cLibrary = "C library"
    case library
    case executable
    case plugin
    case test
}

/// An arrow `A → name`: a target it depends on (on some platforms only, when `platforms` is not
/// empty) or a build plugin it runs.
struct Dependency: Hashable, CustomStringConvertible {
    var name: String
    /// Lowercased platform names of a conditional dependency; empty for every platform.
    var platforms: [String] = []
    var isPlugin = false

    static func plugin(_ name: String) -> Dependency { Dependency(name: name, isPlugin: true) }

    /// How the page writes it: `CCurl (linux)`, `EmbedAssets (plugin)`.
    var description: String {
        if isPlugin { return "\(name) (plugin)" }
        return platforms.isEmpty ? name : "\(name) (\(platforms.joined(separator: ", ")))"
    }
}

/// A product and the targets it is made of.
struct Product: Equatable {
    var name: String
    /// `library`, `executable` or `plugin`.
    var kind: String
    var targets: [String]
}
