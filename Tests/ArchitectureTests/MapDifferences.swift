/// Sentences naming each place where the page, Package.swift and the sources' imports disagree;
/// none when they agree.
enum MapDifferences {
    static let page = "docs/ARCHITECTURE.md"

    /// The page's modules, arrows and products against Package.swift's. Test targets may stay off
    /// the page; every other target and every product must be on it, as declared.
    static func between(page drawn: ModuleMap, package declared: ModuleMap) -> [String] {
        var found: [String] = []
        for name in Set(drawn.modules.keys).union(declared.modules.keys).sorted() {
            switch (drawn.modules[name], declared.modules[name]) {
            case (let drawn?, let declared?):
                found += differences(drawn, declared)
            case (_?, nil):
                found.append("\(page) lists the module \(name); Package.swift has no such target")
            case (nil, let declared?) where declared.kind != .test:
                found.append(
                    "Package.swift declares the \(declared.kind.rawValue) target \(name); \(page) does not list it")
            case (nil, _):
                break
            }
        }
        for name in Set(drawn.products.keys).union(declared.products.keys).sorted() {
            switch (drawn.products[name], declared.products[name]) {
            case (let drawn?, let declared?) where drawn != declared:
                found.append(
                    "\(page) says the product \(name) is \(describe(drawn)); Package.swift makes it \(describe(declared))"
                )
            case (_?, nil):
                found.append("\(page) lists the product \(name); Package.swift has no such product")
            case (nil, let declared?):
                found.append(
                    "Package.swift declares the product \(name) (\(describe(declared))); \(page) does not list it")
            default:
                break
            }
        }
        return found
    }

    private static func differences(_ drawn: Module, _ declared: Module) -> [String] {
        let name = drawn.name
        var found: [String] = []
        if drawn.kind != declared.kind {
            found.append(
                "\(page) says \(name) is \(a(drawn.kind.rawValue)); Package.swift makes it \(a(declared.kind.rawValue))"
            )
        }
        for target in Set(drawn.dependencies.keys).union(declared.dependencies.keys).sorted() {
            switch (drawn.dependencies[target], declared.dependencies[target]) {
            case (let shown?, let real?) where shown != real:
                found.append("\(page) says \(name) → \(shown); Package.swift declares \(name) → \(real)")
            case (let shown?, nil):
                found.append("\(page) says \(name) → \(shown); Package.swift does not declare it")
            case (nil, let real?):
                found.append("Package.swift declares \(name) → \(real); \(page) does not show it")
            default:
                break
            }
        }
        return found
    }

    private static func describe(_ product: Product) -> String {
        "\(a(product.kind)) of \(product.targets.joined(separator: ", "))"
    }

    /// `an executable`, `a library`, `a C library`.
    private static func a(_ kind: String) -> String {
        "\(kind.first.map { "aeiou".contains($0) } == true ? "an" : "a") \(kind)"
    }

    /// Package.swift's arrows against the sources' imports, both ways. `imports` holds, for each
    /// module whose sources were read, each package module it imports and the first file that does.
    /// An arrow to an executable or a plugin is a tool the build runs, never imported.
    static func between(imports: [String: [String: String]], package declared: ModuleMap) -> [String] {
        var found: [String] = []
        for (name, imported) in imports.sorted(by: { $0.key < $1.key }) {
            guard let module = declared.modules[name] else { continue }
            for dependency in module.dependencies.values.sorted(by: { $0.name < $1.name })
            where !dependency.isPlugin && imported[dependency.name] == nil
                && declared.modules[dependency.name]?.kind != .executable
            {
                found.append(
                    "Package.swift declares \(name) → \(dependency.name); no file of \(name) imports \(dependency.name)"
                )
            }
            for (target, file) in imported.sorted(by: { $0.key < $1.key })
            where target != name && declared.modules[target] != nil && module.dependencies[target] == nil {
                found.append("\(file) imports \(target); Package.swift does not declare \(name) → \(target)")
            }
        }
        return found
    }

    /// Each C library is seen by exactly one Swift module, tests included.
    static func cLibrariesSeenOnce(package declared: ModuleMap) -> [String] {
        declared.modules.values.filter { $0.kind == .cLibrary }.map(\.name).sorted().compactMap { library in
            let seers = declared.modules.values.filter { $0.dependencies[library] != nil }.map(\.name).sorted()
            guard seers.count != 1 else { return nil }
            let who = seers.isEmpty ? "no module" : seers.joined(separator: " and ")
            return "the C library \(library) is seen by \(who); each is seen by exactly one Swift module"
        }
    }

    /// The products whose targets reach `module` through their arrows, sorted.
    static func products(reaching module: String, in map: ModuleMap) -> [String] {
        map.products.values.filter { product in
            var seen = Set<String>()
            var next = product.targets
            while let name = next.popLast() {
                guard seen.insert(name).inserted else { continue }
                next += map.modules[name]?.dependencies.values.filter { !$0.isPlugin }.map(\.name) ?? []
            }
            return seen.contains(module)
        }
        .map(\.name).sorted()
    }
}
