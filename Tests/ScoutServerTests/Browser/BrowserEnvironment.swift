import Foundation

/// Where the browser tests find their tools and scripts, and whether they can run here.
///
/// The scenarios are `Tests/browser/scenarios.py`, found from this file's path; they run with
/// Debian's `/usr/bin/python3` (which has `python3-selenium`), `/usr/bin/chromium` and
/// `/usr/bin/chromedriver`. `SCOUT_PYTHON`, `SCOUT_CHROMIUM` and `SCOUT_CHROMEDRIVER` override
/// those paths. Screenshots go to `.build/screenshots/` in the package.
enum BrowserEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    /// The package's root folder: this file is `Tests/ScoutServerTests/Browser/…`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let scenarios = packageRoot.appending(path: "Tests/browser/scenarios.py")
    static let corpus = packageRoot.appending(path: "Tests/browser/xss-corpus.json")
    static let screenshots = packageRoot.appending(path: ".build/screenshots")

    static let python = environment["SCOUT_PYTHON"] ?? "/usr/bin/python3"
    static let chromium = environment["SCOUT_CHROMIUM"] ?? "/usr/bin/chromium"
    static let chromedriver = environment["SCOUT_CHROMEDRIVER"] ?? "/usr/bin/chromedriver"

    /// True on CI (`CI` set to anything but empty, `0` or `false`): there a missing browser is
    /// a failure, not a skip.
    static let isCI: Bool = {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }()

    /// What is missing to run the scenarios, or nil when everything is there.
    static let missing: String? = {
        let manager = FileManager.default
        var problems: [String] = []
        for (path, what) in [
            (python, "python3"), (chromium, "chromium"), (chromedriver, "chromedriver (chromium-driver)"),
        ] where !manager.isExecutableFile(atPath: path) {
            problems.append("\(what) at \(path)")
        }
        if !manager.fileExists(atPath: scenarios.path) { problems.append("the scenarios at \(scenarios.path)") }
        if problems.isEmpty, !pythonHasSelenium() { problems.append("python3-selenium for \(python)") }
        guard !problems.isEmpty else { return nil }
        return "Missing " + problems.joined(separator: ", ")
            + ". Install them with: apt-get install chromium chromium-driver python3-selenium"
    }()

    /// Whether the suite runs: always on CI (where a missing tool then fails it), elsewhere
    /// only when the tools are installed.
    static var mayRun: Bool { isCI || missing == nil }

    /// Why the suite is skipped outside CI.
    static var skipReason: String { missing ?? "" }

    private static func pythonHasSelenium() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import selenium"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus == 0
        } catch {
            return false
        }
    }
}
