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

    @Test(
        "a requirement runs its tests when met, and on CI always (failing there); skips only outside CI",
        arguments: [
            (isMet: true, isCI: false, mayRun: true),
            (isMet: true, isCI: true, mayRun: true),
            (isMet: false, isCI: true, mayRun: true),
            (isMet: false, isCI: false, mayRun: false),
        ])
    func runPolicy(isMet: Bool, isCI: Bool, mayRun: Bool) {
        #expect(Requirement.mayRun(isMet: isMet, isCI: isCI) == mayRun)
    }

    @Test(
        "CI is CI set to anything but empty, 0, false or no",
        arguments: [
            (["CI": "true"], true), (["CI": "1"], true), (["CI": "yes"], true), (["CI": "TRUE"], true),
            (["CI": "github"], true), (["CI": "false"], false), (["CI": "False"], false), (["CI": "0"], false),
            (["CI": "no"], false), (["CI": ""], false), ([:], false), (["NOT_CI": "true"], false),
        ])
    func whatCIMeans(environment: [String: String], isCI: Bool) {
        #expect(TestEnvironment.isCI(environment) == isCI)
    }

    @Test("an unmet requirement says what is missing; check() throws it, a met one does not")
    func unmetRequirement() throws {
        let unmet = Requirement("a tool") { "install it with make test." }
        #expect(!unmet.isMet)
        #expect(unmet.skipReason == "a tool: install it with make test.")
        #expect(throws: RequirementError.self) { try unmet.check() }
        let met = Requirement("a file") { nil }
        #expect(met.isMet && met.mayRun)
        try met.check()
        #expect(!Requirement.executable("/nonexistent/tool", "make test installs it").isMet)
        #expect(Requirement.executable("/bin/sh", "it is POSIX").isMet)
    }

    @Test(
        "a missing file is an error that names it (reads ../shared)",
        .enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
    func missingFile() throws {
        #expect(throws: SharedFixturesError.self) { try SharedFixtures.url("fixtures/no-such-file.json") }
        let url = try SharedFixtures.url("fixtures/PROVENANCE.md")
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
