// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "Scout",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "scout", targets: ["scout"]),
        .executable(name: "scout-bench", targets: ["ScoutBenchmarks"]),
        .library(name: "HTTPServer", targets: ["HTTPServer"]),
        // The client library an Apple app imports; none of it reaches a C library there.
        .library(name: "ScoutModels", targets: ["ScoutModels"]),
        .library(name: "Networking", targets: ["Networking"]),
        .library(name: "Providers", targets: ["Providers"]),
        .library(name: "InstantSearch", targets: ["InstantSearch"]),
        .library(name: "ImageLoading", targets: ["ImageLoading"]),
        // For the Fuzz/ package (`make fuzz`) only.
        .library(name: "FuzzHarness", targets: ["FuzzHarness"]),
    ],
    targets: [
        // C libraries, each seen by exactly one Swift module.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),

        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),

        .systemLibrary(
            name: "CMeCab",
            providers: [.apt(["libmecab-dev"])]
        ),

        .systemLibrary(
            name: "CSTBImage",
            pkgConfig: "stb",
            providers: [.apt(["libstb-dev"])]
        ),

        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),

        .systemLibrary(
            name: "CHiredis",
            pkgConfig: "hiredis",
            providers: [.apt(["libhiredis-dev"])]
        ),

        // Open Library's dumps come gzipped; BookCatalog inflates them as it reads.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),

        // Library modules, leaf first.
        .target(name: "ScoutModels"),
        .target(
            name: "Networking",
            // libcurl is Linux's transport; Apple platforms keep URLSession.
            dependencies: ["ScoutModels", .target(name: "CCurl", condition: .when(platforms: [.linux]))]
        ),
        .target(name: "Providers", dependencies: ["ScoutModels", "Networking"]),
        .target(name: "InstantSearch", dependencies: ["ScoutModels"]),
        .target(name: "ImageLoading", dependencies: ["ScoutModels", "Networking"]),
        // Scout's own words in each language (catalogs in Assets/), for every front end.
        .target(name: "Localization", exclude: ["Assets"], plugins: ["EmbedAssets"]),
        .target(
            name: "TerminalUI",
            dependencies: ["ScoutModels", "InstantSearch", "ImageLoading", "CSTBImage", "Localization"]),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        // The one redaction of secrets in printed URLs, for every module that prints one.
        .target(name: "Redaction"),
        .target(name: "Postgres", dependencies: ["CLibPQ", "Redaction"]),
        .target(name: "Redis", dependencies: ["CHiredis"]),
        .target(
            name: "BookCatalog",
            dependencies: ["ScoutModels", "CZlib"],
            exclude: ["Assets"],
            plugins: ["EmbedAssets"]
        ),
        // Both stores of the catalog; the one module that sees SQLite and PostgreSQL for books.
        .target(name: "BookStorage", dependencies: ["BookCatalog", "SQLite", "Postgres", "Redaction"]),
        .target(name: "BookCrawler", dependencies: ["CLibXML2", "Networking", "BookCatalog", "ScoutModels"]),
        .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "Redaction", "ScoutModels"]),
        .target(
            name: "ScoutServer",
            dependencies: [
                "HTTPServer", "ScoutModels", "Networking", "Providers", "ImageLoading", "BookCatalog", "Redis",
                "Localization",
            ],
            exclude: ["Assets"],
            plugins: ["EmbedAssets"]
        ),
        .target(name: "JapaneseReadings", dependencies: ["CMeCab", "BookCatalog"]),
        .target(
            name: "ScoutCommands",
            dependencies: [
                "ScoutServer", "HTTPServer", "ScoutModels", "Networking", "Providers", "InstantSearch", "BookCatalog",
                "BookStorage", "BookCrawler", "TerminalUI", "ImageLoading", "Redis", "Redaction", "JapaneseReadings",
                "Localization",
            ]
        ),
        .executableTarget(name: "scout", dependencies: ["ScoutCommands"]),

        // The library used as an app uses it: a view model over a provider, states printed.
        .executableTarget(
            name: "InstantSearchExample",
            dependencies: ["InstantSearch", "Providers", "Networking", "ScoutModels"],
            path: "Examples/InstantSearchExample"
        ),

        // Build tooling: web assets become Swift source, so the binary carries its own page.
        .executableTarget(name: "AssetEmbedder"),
        .plugin(name: "EmbedAssets", capability: .buildTool(), dependencies: ["AssetEmbedder"]),

        // Tests and benchmarks only.
        .target(
            name: "ScoutTestSupport", dependencies: ["HTTPServer", "ScoutModels", "BookCatalog", "Redis", "Postgres"],
            exclude: ["Fixtures"]),
        // The image loader's disk cache under injected faults, run by DiskFaultTests through fiu-run.
        .executableTarget(name: "DiskFaultDrill", dependencies: ["ImageLoading", "Networking", "ScoutTestSupport"]),
        // Fuzz targets, replayed by FuzzReplayTests and run by the Fuzz/ package under libFuzzer.
        .target(
            name: "FuzzHarness",
            dependencies: [
                "BookCatalog", "BookCrawler", "BookStorage", "HTTPServer", "ImageLoading", "Networking", "Postgres",
                "Providers", "SQLite", "ScoutModels", "ScoutServer", "TerminalUI",
            ]
        ),
        .executableTarget(
            name: "ScoutBenchmarks",
            dependencies: [
                "HTTPServer", "ScoutServer", "ScoutTestSupport", "ScoutModels", "Networking", "Providers",
                "InstantSearch", "BookCatalog", "BookStorage", "BookCrawler", "SQLite", "Postgres", "TerminalUI",
                "ImageLoading", "JapaneseReadings",
            ]
        ),
        .testTarget(name: "ScoutModelsTests", dependencies: ["ScoutModels"]),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "NetworkingTests", dependencies: ["Networking", "ScoutTestSupport", "HTTPServer"]),
        .testTarget(
            name: "ProvidersTests",
            dependencies: [
                "Providers", "ScoutModels", "Networking", "ScoutTestSupport",
                // The books provider is tested against Scout's own server, in process.
                "ScoutServer", "HTTPServer", "BookCatalog", "BookStorage",
            ]
        ),
        .testTarget(
            name: "InstantSearchTests",
            dependencies: ["InstantSearch", "ScoutModels", "ScoutTestSupport", "Providers", "Networking"]
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "ScoutTestSupport"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "ScoutTestSupport"]),
        .testTarget(name: "PostgresTests", dependencies: ["Postgres", "Redaction"]),
        .testTarget(name: "RedisTests", dependencies: ["Redis", "ScoutTestSupport"]),
        .testTarget(
            name: "BookStorageTests",
            dependencies: ["BookStorage", "BookCatalog", "SQLite", "Postgres", "ScoutTestSupport", "JapaneseReadings"]
        ),
        .testTarget(
            name: "BookCatalogTests",
            // The domain's importers and search are tested over a real SQLite store.
            dependencies: ["BookCatalog", "BookStorage", "SQLite", "ScoutTestSupport", "JapaneseReadings"]
        ),
        .testTarget(
            name: "BookCrawlerTests",
            dependencies: [
                "BookCrawler", "BookCatalog", "BookStorage", "Networking", "ScoutTestSupport", "ScoutCommands",
            ]
        ),
        .testTarget(
            name: "ImageLoadingTests",
            dependencies: ["ImageLoading", "Networking", "ScoutModels", "ScoutTestSupport", "HTTPServer"]
        ),
        .testTarget(
            name: "ScoutServerTests",
            dependencies: [
                "ScoutServer", "HTTPServer", "ScoutModels", "Networking", "Providers", "ImageLoading",
                "ScoutTestSupport", "BookCatalog", "BookStorage", "Redis", "Postgres", "Localization",
                // The fleet's etiquette simulation types through the client's SearchSession.
                "InstantSearch",
            ]
        ),
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "InstantSearch", "ScoutModels", "ScoutTestSupport", "Localization",
            ]
        ),
        .testTarget(name: "ScoutTestSupportTests", dependencies: ["ScoutTestSupport", "HTTPServer"]),
        // The library's doc examples, compiled (scripts/doc-examples.py writes Generated/). They
        // show values as bare expressions, which Swift warns about: not worth a warning each.
        .testTarget(
            name: "DocExampleTests",
            dependencies: ["ScoutModels", "Networking", "Providers", "InstantSearch", "ImageLoading"],
            swiftSettings: [.unsafeFlags(["-suppress-warnings"])]
        ),
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzHarness"]),
        // docs/ARCHITECTURE.md against this manifest and the sources' imports; builds nothing of Scout.
        .testTarget(name: "ArchitectureTests"),
        .testTarget(
            name: "ScoutCommandsTests",
            dependencies: [
                "ScoutCommands", "ScoutServer", "ScoutTestSupport", "HTTPServer", "ScoutModels", "Networking",
                "Providers", "Redis",
                "TerminalUI", "SQLite", "BookCatalog", "BookStorage",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// One set of Swift settings for every target that compiles Swift.
for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
        ]
}
