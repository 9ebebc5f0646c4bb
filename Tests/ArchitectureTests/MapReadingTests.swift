import Foundation
import Testing

/// The three readers: the page's tables, dump-package's JSON and the sources' import lines.
@Suite("Architecture map: reading the page, the package and the imports")
struct MapReadingTests {
    @Test("the page's tables: kinds, conditional and plugin arrows, none written as a dash")
    func pageTables() {
        let markdown = """
            Prose with a | pipe.

            | module | kind | depends on | holds |
            |---|---|---|---|
            | `CCurl` | C library | — | libcurl |
            | `Net` | library | `Models`, `CCurl` (Linux) | the client |
            | `Words` | library | `EmbedAssets` (plugin) | words |

            | product | kind | targets | for |
            |---|---|---|---|
            | `tool` | executable | `Commands` | people |
            """
        let (map, problems) = ModuleMap.page(markdown)
        #expect(problems.isEmpty)
        #expect(
            map.modules == [
                "CCurl": Module("CCurl", .cLibrary),
                "Net": Module(
                    "Net", .library, [Dependency(name: "Models"), Dependency(name: "CCurl", platforms: ["linux"])]),
                "Words": Module("Words", .library, [.plugin("EmbedAssets")]),
            ])
        #expect(map.products == ["tool": Product(name: "tool", kind: "executable", targets: ["Commands"])])
    }

    @Test("a missing table, a row of an unknown kind and a module listed twice are problems")
    func pageProblems() {
        let markdown = """
            | module | kind | depends on | holds |
            |---|---|---|---|
            | `Net` | library | — | the client |
            | `Net` | library | — | again |
            | `Odd` | gadget | — | ? |
            """
        #expect(
            ModuleMap.page(markdown).problems == [
                "the modules table lists Net twice",
                "the modules table has a row that names no one module of a known kind: "
                    + #"["`Odd`", "gadget", "—", "?"]"#,
                "there is no table headed | product | kind | targets |",
            ])
    }

    @Test("dump-package's targets, conditions, plugin usages, paths and products")
    func packageDump() throws {
        let json = """
            {"targets": [
              {"name": "CCurl", "type": "system", "dependencies": []},
              {"name": "Net", "type": "regular", "exclude": ["Assets"],
               "dependencies": [{"byName": ["Models", null]}, {"target": ["CCurl", {"platformNames": ["linux"]}]}],
               "pluginUsages": [{"plugin": ["Embed", null]}]},
              {"name": "Example", "type": "executable", "path": "Examples/Example",
               "dependencies": [{"product": ["Lib", "other", null, null]}]},
              {"name": "NetTests", "type": "test", "dependencies": [{"byName": ["Net", null]}]}
            ],
            "products": [{"name": "Net", "type": {"library": ["automatic"]}, "targets": ["Net"]}]}
            """
        let (map, sources) = try ModuleMap.package(dump: Data(json.utf8))
        #expect(
            map.modules["Net"]
                == Module(
                    "Net", .library,
                    [Dependency(name: "Models"), Dependency(name: "CCurl", platforms: ["linux"]), .plugin("Embed")]))
        #expect(map.modules["Example"] == Module("Example", .executable, [Dependency(name: "Lib")]))
        #expect(map.modules["CCurl"]?.kind == .cLibrary && map.modules["NetTests"]?.kind == .test)
        #expect(map.products["Net"] == Product(name: "Net", kind: "library", targets: ["Net"]))
        #expect(sources.map(\.path) == ["Sources/Net", "Examples/Example", "Tests/NetTests"])
        #expect(sources.first?.excluded == ["Assets"])
    }

    @Test("every form of import, and none in comments or string literals")
    func importForms() {
        let source = #"""
            import Foundation
            @testable import Networking
            @_exported import ScoutModels
            internal import Redaction
            @preconcurrency import Dispatch
            import struct Providers.WikipediaCursor
            import SQLite.Row
            #if canImport(CCurl)
                import CCurl
            #endif
            // import Commented
            /* import Blocked
               import Nested /* import Deeper */ import StillBlocked */
            let usage = """
                import goodbooks    Imports the goodbooks-10k data set
                \(value("import Interpolated"))
                """
            let raw = #"import RawQuoted "# + "import Quoted"
            func importer() { let imported = 1 }
            """#
        #expect(
            ImportLines.modules(in: source) == [
                "Foundation", "Networking", "ScoutModels", "Redaction", "Dispatch", "Providers", "SQLite", "CCurl",
            ])
    }

    @Test("swift is SWIFT's path, else the name SWIFT gives or swift, found on PATH")
    func findingSwift() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "scout-swift-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fake = folder.appending(path: "swift-6")
        try #require(
            FileManager.default.createFile(atPath: fake.path, contents: Data(), attributes: [.posixPermissions: 0o755]))

        #expect(try PackageDump.swift(environment: ["SWIFT": "/opt/swift/bin/swift"]).path == "/opt/swift/bin/swift")
        #expect(
            try PackageDump.swift(environment: ["SWIFT": "swift-6", "PATH": "/nonexistent:\(folder.path)"]) == fake)
        #expect(throws: PackageDumpError.self) { try PackageDump.swift(environment: ["PATH": "/nonexistent"]) }
    }
}
