import Foundation
import Testing

/// `docs/ARCHITECTURE.md` draws the package Package.swift declares, and Package.swift declares
/// what the sources import: a module, product or arrow that differs anywhere fails here, named.
@Suite("Architecture map")
struct ArchitectureMapTests {
    /// What the three say, read once for all the tests (dump-package takes a second or two).
    struct Reading {
        var declared: ModuleMap
        var drawn: ModuleMap
        var pageProblems: [String]
        var imports: [String: [String: String]]
        var targetsRead: Int
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let reading = Task {
        let (declared, sources) = try ModuleMap.package(dump: try await PackageDump.json(of: root))
        let markdown = try String(contentsOf: root.appending(path: MapDifferences.page), encoding: .utf8)
        let (drawn, problems) = ModuleMap.page(markdown)
        let imports = try ImportLines.of(sources, in: root, among: Set(declared.modules.keys))
        return Reading(
            declared: declared, drawn: drawn, pageProblems: problems, imports: imports, targetsRead: sources.count)
    }

    @Test("the page's modules, arrows and products are Package.swift's")
    func pageIsThePackage() async throws {
        let reading = try await Self.reading.value
        #expect(reading.drawn.modules.count > 20, "the page's modules table was not read")
        record(reading.pageProblems.map { "\(MapDifferences.page): \($0)" })
        record(MapDifferences.between(page: reading.drawn, package: reading.declared))
    }

    @Test("Package.swift's arrows are what the sources import, no more and no fewer")
    func arrowsAreImports() async throws {
        let reading = try await Self.reading.value
        #expect(reading.targetsRead > 20 && reading.imports.count == reading.targetsRead)
        record(MapDifferences.between(imports: reading.imports, package: reading.declared))
    }

    @Test("each C library is seen by exactly one Swift module")
    func cLibrariesSeenOnce() async throws {
        let reading = try await Self.reading.value
        #expect(reading.declared.modules.values.contains { $0.kind == .cLibrary })
        record(MapDifferences.cLibrariesSeenOnce(package: reading.declared))
    }

    @Test("ScoutTestSupport ships in scout-bench only, as the page says")
    func testSupportStaysInTheBenchmarks() async throws {
        let reading = try await Self.reading.value
        #expect(MapDifferences.products(reaching: "ScoutTestSupport", in: reading.declared) == ["scout-bench"])
    }

    private func record(_ differences: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for difference in differences { Issue.record(Comment(rawValue: difference), sourceLocation: sourceLocation) }
    }
}
