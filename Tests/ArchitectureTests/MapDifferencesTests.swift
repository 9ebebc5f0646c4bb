import Testing

/// The comparisons find each kind of drift on a small map with deliberate differences, in the
/// sentence a reader of the failure needs.
@Suite("Architecture map: differences")
struct MapDifferencesTests {
    static let package = ModuleMap(
        modules: [
            "CCurl": Module("CCurl", .cLibrary),
            "Models": Module("Models", .library),
            "Net": Module(
                "Net", .library, [Dependency(name: "Models"), Dependency(name: "CCurl", platforms: ["linux"])]),
            "Commands": Module("Commands", .library, [Dependency(name: "Net"), .plugin("Embed")]),
            "Embed": Module("Embed", .plugin, [Dependency(name: "Embedder")]),
            "Embedder": Module("Embedder", .executable),
            "NetTests": Module("NetTests", .test, [Dependency(name: "Net")]),
        ],
        products: [
            "Net": Product(name: "Net", kind: "library", targets: ["Net"]),
            "tool": Product(name: "tool", kind: "executable", targets: ["Commands"]),
        ])

    static var page: ModuleMap {
        var page = package
        page.modules["NetTests"] = nil
        return page
    }

    @Test("a page that draws the package finds nothing, though its tests are left off")
    func agreeing() {
        #expect(MapDifferences.between(page: Self.page, package: Self.package).isEmpty)
    }

    @Test("an arrow the page draws and the package lacks, and the reverse")
    func arrows() {
        var page = Self.page
        page.modules["Commands"]?.dependencies["Redis"] = Dependency(name: "Redis")
        page.modules["Net"]?.dependencies["Models"] = nil
        #expect(
            MapDifferences.between(page: page, package: Self.package) == [
                "docs/ARCHITECTURE.md says Commands → Redis; Package.swift does not declare it",
                "Package.swift declares Net → Models; docs/ARCHITECTURE.md does not show it",
            ])
    }

    @Test("an arrow on other platforms, or a plugin drawn as a dependency")
    func arrowConditions() {
        var page = Self.page
        page.modules["Net"]?.dependencies["CCurl"] = Dependency(name: "CCurl")
        page.modules["Commands"]?.dependencies["Embed"] = Dependency(name: "Embed")
        #expect(
            MapDifferences.between(page: page, package: Self.package) == [
                "docs/ARCHITECTURE.md says Commands → Embed; Package.swift declares Commands → Embed (plugin)",
                "docs/ARCHITECTURE.md says Net → CCurl; Package.swift declares Net → CCurl (linux)",
            ])
    }

    @Test("a module missing from either side, or of another kind")
    func modules() {
        var page = Self.page
        page.modules["Models"] = nil
        page.modules["Gone"] = Module("Gone", .library)
        page.modules["Embedder"]?.kind = .library
        #expect(
            MapDifferences.between(page: page, package: Self.package) == [
                "docs/ARCHITECTURE.md says Embedder is a library; Package.swift makes it an executable",
                "docs/ARCHITECTURE.md lists the module Gone; Package.swift has no such target",
                "Package.swift declares the library target Models; docs/ARCHITECTURE.md does not list it",
            ])
    }

    @Test("a product missing from either side, or made of other targets")
    func products() {
        var page = Self.page
        page.products["tool"] = nil
        page.products["Old"] = Product(name: "Old", kind: "library", targets: ["Models"])
        page.products["Net"]?.targets = ["Net", "Models"]
        #expect(
            MapDifferences.between(page: page, package: Self.package) == [
                "docs/ARCHITECTURE.md says the product Net is a library of Net, Models; "
                    + "Package.swift makes it a library of Net",
                "docs/ARCHITECTURE.md lists the product Old; Package.swift has no such product",
                "Package.swift declares the product tool (an executable of Commands); "
                    + "docs/ARCHITECTURE.md does not list it",
            ])
    }

    @Test("arrows never imported and imports never declared; tools and plugins are not imported")
    func imports() {
        let imports = [
            "Net": ["CCurl": "Sources/Net/Curl.swift"],
            "Commands": ["Net": "Sources/Commands/A.swift", "Models": "Sources/Commands/B.swift"],
            "Embedder": [:],
            "NetTests": ["Net": "Tests/NetTests/T.swift", "Commands": "Tests/NetTests/U.swift"],
        ]
        #expect(
            MapDifferences.between(imports: imports, package: Self.package) == [
                "Sources/Commands/B.swift imports Models; Package.swift does not declare Commands → Models",
                "Package.swift declares Net → Models; no file of Net imports Models",
                "Tests/NetTests/U.swift imports Commands; Package.swift does not declare NetTests → Commands",
            ])
    }

    @Test("a C library seen by two modules, or by none")
    func cLibraries() {
        var package = Self.package
        #expect(MapDifferences.cLibrariesSeenOnce(package: package).isEmpty)
        package.modules["NetTests"]?.dependencies["CCurl"] = Dependency(name: "CCurl")
        package.modules["CZlib"] = Module("CZlib", .cLibrary)
        #expect(
            MapDifferences.cLibrariesSeenOnce(package: package) == [
                "the C library CCurl is seen by Net and NetTests; each is seen by exactly one Swift module",
                "the C library CZlib is seen by no module; each is seen by exactly one Swift module",
            ])
    }

    @Test("the products that reach a module through their arrows, plugins' tools not counted")
    func productsReaching() {
        #expect(MapDifferences.products(reaching: "Models", in: Self.package) == ["Net", "tool"])
        #expect(MapDifferences.products(reaching: "CCurl", in: Self.package) == ["Net", "tool"])
        #expect(MapDifferences.products(reaching: "Embedder", in: Self.package).isEmpty)
    }
}
