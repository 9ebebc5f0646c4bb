import Foundation

/// The JSON `swift package dump-package` prints for the package at `root`.
///
/// It runs the `swift` that `SWIFT` names (a path, or a name looked up on `PATH`, as the
/// Makefile's `SWIFT`), else `swift` on `PATH`, with a scratch folder of its own: the `swift test`
/// running this holds the lock of `.build`, and a second SwiftPM there would wait for it forever.
enum PackageDump {
    static func json(of root: URL) async throws -> Data {
        let scratch = FileManager.default.temporaryDirectory.appending(path: "scout-dump-package-\(UUID())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = scratch.appending(path: "package.json")
        let errors = scratch.appending(path: "errors.txt")
        try Data().write(to: output)
        try Data().write(to: errors)

        let process = Process()
        process.executableURL = try swift()
        process.arguments = [
            "package", "--package-path", root.path, "--scratch-path", scratch.appending(path: "build").path,
            "dump-package",
        ]
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        // Files rather than pipes, and a termination handler rather than `waitUntilExit`, so no
        // thread of the test pool blocks while SwiftPM compiles the manifest.
        let status = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch { continuation.resume(throwing: error) }
        }
        guard status == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw PackageDumpError(description: "swift package dump-package exited with \(status): \(message)")
        }
        return try Data(contentsOf: output)
    }

    /// The `swift` executable: `SWIFT`'s path or name, else `swift`, found on `PATH`.
    static func swift(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> URL {
        let name = environment["SWIFT"].flatMap { $0.isEmpty ? nil : $0 } ?? "swift"
        if name.contains("/") { return URL(fileURLWithPath: name) }
        let folders = (environment["PATH"] ?? "").split(separator: ":")
        for folder in folders {
            let candidate = URL(fileURLWithPath: String(folder)).appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw PackageDumpError(description: "no \(name) on PATH (\(folders.count) folders); set SWIFT to its path")
    }
}
