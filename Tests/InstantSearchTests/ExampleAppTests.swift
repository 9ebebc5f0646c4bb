import Foundation
import ScoutTestSupport
import Testing

/// `Examples/InstantSearchExample`, the library used as an Apple app would use it, run as its
/// own process against a fake Wikipedia: it types, the view model shows each state, and the
/// final results arrive through Observation.
@Suite("The example app", .timeLimit(.minutes(1)))
struct ExampleAppTests {
    @Test("types a query, prints the states its SearchViewModel shows, and ends with the results")
    func printsTheStatesUpToTheResults() async throws {
        let pages: [FakeWikipedia.Page] = [
            .init(
                pageID: 1, title: "Swift (programming language)", description: "general-purpose programming language"),
            .init(pageID: 2, title: "Swiftlet", description: "bird"),
            .init(pageID: 3, title: "Sweden", description: "country in Europe"),
        ]
        try await withFakeWikipedia(pages: pages) { fake in
            let process = try ScoutProcess(
                ["swift"], environment: ["SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString],
                executable: ScoutExecutable.builtExecutable(named: "InstantSearchExample"))
            let result = try await process.waitForExit(timeout: .seconds(30))
            let lines = result.standardOutput.split(separator: "\n").map(String.init)
            #expect(result.exitCode == 0, "\(result.standardOutput)\(result.standardError)")
            #expect(lines.first == "idle")
            #expect(
                lines.contains { $0.hasPrefix("typed \"s\"") } && lines.contains { $0.hasPrefix("typed \"swift\"") })
            #expect(lines.contains("results \"swift\": 2"), "\(lines)")
            #expect(lines.contains("• Swift (programming language) — general-purpose programming language"))
            #expect(!lines.contains { $0.contains("Sweden") })
            #expect(fake.recorder.requests.count >= 1)
        }
    }

    @Test("an address that is no API is a usage error, said in a sentence")
    func rejectsABadAddress() async throws {
        let process = try ScoutProcess(
            ["swift"], environment: ["SCOUT_WIKIPEDIA_API": "ftp://example.invalid/w/api.php"],
            executable: ScoutExecutable.builtExecutable(named: "InstantSearchExample"))
        let result = try await process.waitForExit(timeout: .seconds(30))
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("ftp://example.invalid/w/api.php"))
    }
}
