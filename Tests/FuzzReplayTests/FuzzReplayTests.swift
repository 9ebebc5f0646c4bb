import Foundation
import FuzzHarness
import Testing

/// Every input of the fuzz targets — the hand-written seeds in `Fuzz/Seeds/<target>/`, the
/// corpus `make fuzz` kept in `Fuzz/Corpus/<target>/` and every crash it found in
/// `Fuzz/Crashes/<target>/` — run through its target again, without libFuzzer: no crash, and
/// every property holds. A crash found once stays fixed.
@Suite("Fuzz corpora replayed", .timeLimit(.minutes(5)))
struct FuzzReplayTests {
    /// The package's `Fuzz/` folder: this file is `Tests/FuzzReplayTests/…`.
    static let fuzz = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fuzz")

    static func inputs(of target: String) throws -> [URL] {
        try ["Seeds", "Corpus", "Crashes"].flatMap { folder -> [URL] in
            let directory = fuzz.appending(path: folder).appending(path: target)
            guard FileManager.default.fileExists(atPath: directory.path) else { return [] }
            return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
                .filter { !$0.lastPathComponent.hasPrefix(".") }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
    }

    @Test("every target has seeds of its own")
    func everyTargetHasSeeds() throws {
        for target in FuzzTargets.all {
            let seeds = Self.fuzz.appending(path: "Seeds").appending(path: target.name)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: seeds.path)) ?? []
            #expect(!files.isEmpty, "Fuzz/Seeds/\(target.name) is empty")
        }
    }

    @Test(arguments: FuzzTargets.all.map(\.name))
    func corpusReplaysCleanly(target name: String) throws {
        let target = try #require(FuzzTargets.named(name))
        for input in try Self.inputs(of: name) {
            let problems = target.run(try Data(contentsOf: input))
            #expect(problems.isEmpty, "\(name) \(input.lastPathComponent): \(problems)")
        }
    }
}
