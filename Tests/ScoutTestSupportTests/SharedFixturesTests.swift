import Foundation
import ScoutTestSupport
import Testing

@Suite("SharedFixtures", .timeLimit(.minutes(10)))
struct SharedFixturesTests {
    @Test("looks for ../shared next to the package root")
    func location() {
        let directory = SharedFixtures.directory
        #expect(directory.lastPathComponent == "shared")
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        #expect(
            directory.deletingLastPathComponent().standardizedFileURL.path
                == packageRoot.deletingLastPathComponent().standardizedFileURL.path)
    }

    @Test("runs its tests when the directory is there or under CI; skips only outside CI")
    func runPolicy() {
        #expect(SharedFixtures.shouldRun == (SharedFixtures.isAvailable || SharedFixtures.isCI))
        if ProcessInfo.processInfo.environment["CI"] != nil { #expect(SharedFixtures.shouldRun) }
    }

    @Test("a missing file is an error that names it (reads ../shared)", .needsSharedFixtures)
    func missingFile() throws {
        #expect(throws: SharedFixturesError.self) { try SharedFixtures.url("fixtures/no-such-file.json") }
        let url = try SharedFixtures.url("fixtures/PROVENANCE.md")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
