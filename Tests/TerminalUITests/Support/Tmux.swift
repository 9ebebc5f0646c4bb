import Foundation
import ScoutTestSupport

/// A tmux server of its own (`tmux -L <unique socket>`) running one command in a detached
/// session of a fixed size — a real terminal the tests type into and read back.
struct Tmux {
    let socket: String
    let directory: URL

    /// Runs `tmux -L socket arguments…` and returns its standard output.
    ///
    /// Spawned and reaped directly: the output goes to a file, not a pipe (the server that
    /// `new-session` forks would inherit a pipe and hold it open), and `waitpid` needs no run loop.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let outputPath = directory.appending(path: "tmux-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = ["tmux", "-L", socket] + arguments
        var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The test runner's threads block signals; a server (and scout in its pane) inheriting
        // that mask would ignore SIGHUP and SIGTERM. Start them with none blocked, all default.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, &argv, environ)
        guard spawned == 0 else { throw TmuxTimeout(what: "tmux to start (error \(spawned))", screen: "") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    /// The screen as text, one line per row.
    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "main"]) }

    /// Types `text` literally.
    func type(_ text: String) throws { try run(["send-keys", "-t", "main", "-l", text]) }

    /// Presses keys by tmux name (`Down`, `C-c`, `Escape`, `BTab`).
    func press(_ keys: String...) throws { try run(["send-keys", "-t", "main"] + keys) }

    /// A pane format value, such as `#{alternate_on}` or `#{pane_title}`.
    func value(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", "main", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until the screen satisfies `condition`; returns that screen or fails with the last.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(10), _ what: String, _ condition: (String) -> Bool
    ) async throws -> String {
        var last = ""
        let appeared = try await eventually(within: timeout, pollingEvery: .milliseconds(50)) {
            last = try screen()
            return condition(last)
        }
        guard appeared else { throw TmuxTimeout(what: what, screen: last) }
        return last
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Duration = .seconds(10)) async throws -> String {
        try await waitForScreen(timeout: timeout, "“\(text)” on screen") { $0.contains(text) }
    }

    /// The process id of `scout` (the child of the pane's shell).
    func scoutPID() throws -> Int32? {
        let shell = try value("#{pane_pid}")
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// A file the script wrote in the session's directory.
    func file(_ name: String) -> String? {
        try? String(contentsOf: directory.appending(path: name), encoding: .utf8)
    }
}

struct TmuxTimeout: Error, CustomStringConvertible {
    let what: String
    let screen: String
    var description: String { "timed out waiting for \(what); the screen was:\n\(screen)" }
}

/// The environment for `scout tui` against `fake`, with the books server at a closed port, in
/// English whatever the machine's locale (`LC_ALL` wins over `LANG`; `language` changes it).
func tuiEnvironment(_ fake: FakeWikipedia, locale: String = "C.UTF-8") -> [String: String] {
    ["SCOUT_WIKIPEDIA_API": fake.baseURL.absoluteString, "SCOUT_BOOKS_API": "http://127.0.0.1:9/", "LC_ALL": locale]
}

/// Runs `scout tui arguments…` in a new tmux server of `columns`×`rows`, wrapped in a shell
/// script that records `stty -a` before and after and prints `EXIT=<code>` when scout ends;
/// runs `body`, then kills the server however `body` ends.
func withScoutInTmux<T>(
    _ arguments: [String] = ["--images", "none", "--source", "wikipedia"], environment: [String: String],
    columns: Int = 100, rows: Int = 30,
    _ body: (Tmux) async throws -> T
) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appending(path: "scout-tui-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var variables = environment
    variables["XDG_DATA_HOME"] = directory.appending(path: "data").path
    variables["XDG_CACHE_HOME"] = directory.appending(path: "cache").path
    let exports = variables.sorted { $0.key < $1.key }.map { "export \($0.key)=\(shellQuoted($0.value))" }
    let command = ([ScoutExecutable.url.path, "tui"] + arguments).map(shellQuoted).joined(separator: " ")
    let script =
        exports + [
            "stty -a > before.txt", command, "echo EXIT=$?", "stty -a > after.txt", "sleep 600",
        ]
    try script.joined(separator: "\n").write(to: directory.appending(path: "run.sh"), atomically: true, encoding: .utf8)
    let tmux = Tmux(socket: "scout-tui-\(UUID().uuidString.prefix(8))", directory: directory)
    defer { _ = try? tmux.run(["kill-server"]) }
    try tmux.run([
        "new-session", "-d", "-s", "main", "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path,
        "sh \(shellQuoted(directory.appending(path: "run.sh").path))",
    ])
    return try await body(tmux)
}

private func shellQuoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
