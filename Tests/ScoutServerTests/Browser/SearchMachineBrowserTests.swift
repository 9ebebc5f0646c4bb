import Foundation
import ScoutTestSupport
import Testing

/// The page's search machine (`machine.js`) on its own, in headless Chromium: `Tests/browser/
/// machine.py` imports the module Scout's app serves into a page and runs `machine-tests.js`
/// there, feeding it events and checking the states and effects that come out, timers on a
/// fake clock (debounce, latest wins, spinner, settle, paging, retry, sources, languages), then
/// `shell-tests.js`: the shell's channels for the views' own requests, over a fake api. No
/// scenario drives the DOM and nothing waits on the wall clock. Skipped like "Web page in
/// Chromium" where the browser's tools are missing, except on CI, where that fails.
@Suite(
    "Web page search machine in Chromium",
    .enabled(if: BrowserEnvironment.requirement.mayRun, Comment(rawValue: BrowserEnvironment.requirement.skipReason)),
    .timeLimit(.minutes(5)))
struct SearchMachineBrowserTests {
    @Test("the machine's rules, event by event, with a fake clock")
    func machine() async throws {
        try await withFakeWikipedia(pages: []) { fake in
            try await runScenario("machine", wikipedia: fake, script: BrowserEnvironment.machineTests)
        }
    }
}
