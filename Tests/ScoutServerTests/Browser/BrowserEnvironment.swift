import Foundation
import ScoutTestSupport

/// Where the browser tests find their tools and scripts, and whether they can run here.
///
/// The scenarios are `Tests/browser/scenarios.py`, found from this file's path. They run with
/// the Python of `.build/venv` (`make test` makes it: Debian's Python with its
/// `python3-selenium`, plus `axe-selenium-python` from PyPI for the accessibility audits) when
/// that has axe, else with Debian's `/usr/bin/python3`; with `/usr/bin/chromium` and
/// `/usr/bin/chromedriver`. `SCOUT_PYTHON`, `SCOUT_CHROMIUM` and `SCOUT_CHROMEDRIVER` override
/// those paths, `SCOUT_AXE_SCRIPT` the `axe.min.js`. Screenshots and each scenario's axe results
/// go to `.build/screenshots/` in the package.
enum BrowserEnvironment {
    static let environment = ProcessInfo.processInfo.environment

    /// The package's root folder: this file is `Tests/ScoutServerTests/Browser/…`.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let scenarios = packageRoot.appending(path: "Tests/browser/scenarios.py")
    static let corpus = packageRoot.appending(path: "Tests/browser/xss-corpus.json")
    /// The search machine's tests (`machine-tests.js`) and the script that runs them in Chromium.
    static let machineTests = packageRoot.appending(path: "Tests/browser/machine.py")
    static let screenshots = packageRoot.appending(path: ".build/screenshots")

    /// The Python of `make test`'s virtual environment.
    static let venvPython = packageRoot.appending(path: ".build/venv/bin/python3").path
    static let debianPython = "/usr/bin/python3"

    /// `SCOUT_PYTHON`, else the venv's Python when it has axe-selenium-python, else Debian's.
    static let python: String = {
        if let python = environment["SCOUT_PYTHON"] { return python }
        if FileManager.default.isExecutableFile(atPath: venvPython), runs(venvPython, "import axe_selenium_python") {
            return venvPython
        }
        return debianPython
    }()
    static let chromium = environment["SCOUT_CHROMIUM"] ?? "/usr/bin/chromium"
    static let chromedriver = environment["SCOUT_CHROMEDRIVER"] ?? "/usr/bin/chromedriver"

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
        if problems.isEmpty, !runs(python, "import selenium") { problems.append("python3-selenium for \(python)") }
        if !problems.isEmpty {
            return "Missing " + problems.joined(separator: ", ")
                + ". Install them with: apt-get install chromium chromium-driver python3-selenium"
        }
        if !hasAxe {
            return "Missing axe-core for the accessibility audits: \(python) has no axe-selenium-python. "
                + "Run `make test`, which creates .build/venv with it."
        }
        return nil
    }()

    /// The browser, its driver, Selenium and axe-core: what the scenarios need.
    static let requirement = Requirement("the browser scenarios' tools") { missing }

    /// The `axe.min.js` the scenarios inject: `SCOUT_AXE_SCRIPT`, else the current axe-core
    /// `make test` extracts into `.build/venv/axe-core/` (see scripts/venv.sh), else nil and
    /// the one axe-selenium-python bundles.
    static let axeScript: String? = {
        if let script = environment["SCOUT_AXE_SCRIPT"] { return script }
        let extracted = packageRoot.appending(path: ".build/venv/axe-core/axe.min.js").path
        return FileManager.default.fileExists(atPath: extracted) ? extracted : nil
    }()

    /// Whether the scenarios find an `axe.min.js`: ``axeScript``, or axe-selenium-python's.
    private static var hasAxe: Bool {
        if let script = axeScript { return FileManager.default.fileExists(atPath: script) }
        let bundled = """
            import os, axe_selenium_python
            assert os.path.isfile(os.path.join(os.path.dirname(axe_selenium_python.__file__), \
            'node_modules', 'axe-core', 'axe.min.js'))
            """
        return runs(python, bundled)
    }

    /// Whether `python -c code` exits 0.
    private static func runs(_ python: String, _ code: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", code]
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
