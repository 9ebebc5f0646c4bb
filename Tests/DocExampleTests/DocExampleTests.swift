import Foundation
import Testing

/// The examples the build compiled are the examples the sources hold: a new, moved or deleted
/// example fails here until `scripts/doc-examples.py` has regenerated `Generated/`.
@Suite("Doc comment examples")
struct DocExampleTests {
    static let modules: [(name: String, examples: [DocExample])] = [
        ("ScoutModels", ScoutModelsDocExamples.examples),
        ("Networking", NetworkingDocExamples.examples),
        ("Providers", ProvidersDocExamples.examples),
        ("InstantSearch", InstantSearchDocExamples.examples),
        ("ImageLoading", ImageLoadingDocExamples.examples),
    ]
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: modules.map(\.name))
    func everyExampleInTheSourcesIsCompiled(module: String) throws {
        let compiled = try #require(Self.modules.first { $0.name == module }).examples.map(\.location)
        let inSources = try Self.exampleLocations(in: module)
        #expect(!inSources.isEmpty)
        #expect(compiled.sorted() == inSources.sorted())
    }

    /// CI runs on Linux, where every `#if` around an example (libcurl's transport) holds.
    @Test(arguments: modules.map(\.name))
    func linuxCompilesEveryExample(module: String) throws {
        let examples = try #require(Self.modules.first { $0.name == module }).examples
        #if os(Linux)
            #expect(examples.filter { $0.body == nil }.map(\.location) == [])
        #else
            #expect(examples.allSatisfy { $0.body != nil || $0.condition != nil })
        #endif
    }

    /// `path:line` of every line that opens a Swift code block in a `///` comment of the module.
    static func exampleLocations(in module: String) throws -> [String] {
        let folder = packageRoot.appendingPathComponent("Sources/\(module)")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        var locations: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else { continue }
                let fence = trimmed.dropFirst(3).drop { $0 == " " }.trimmingCharacters(in: .whitespaces)
                if fence == "```swift" { locations.append("Sources/\(module)/\(file):\(index + 1)") }
            }
        }
        return locations
    }
}
