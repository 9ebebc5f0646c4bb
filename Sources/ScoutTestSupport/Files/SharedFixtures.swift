import Foundation
import HTTPServer

/// The research material next to the package (`<package root>/../shared`): captured API
/// replies under `fixtures/`, data sets, notes.
///
/// The directory is not part of the repository, so tests that read it declare
/// ``Requirement/sharedFixtures``: skipped when it is missing, except on CI
/// (``TestEnvironment/isCI``), where a missing directory must fail the test. Write such tests as
///
/// ```swift
/// @Test(.enabled(if: Requirement.sharedFixtures.mayRun, Comment(rawValue: Requirement.sharedFixtures.skipReason)))
/// func prefixSearchMatchesTheSample() throws {
///     let sample = try SharedFixtures.json("fixtures/wikipedia/ios_ArticleSearchPrefix_fv2.json")
///     // …
/// }
/// ```
///
/// Outside CI a missing directory disables the test; under CI the test runs and the first
/// access throws ``SharedFixturesError``, which fails it. `SCOUT_SHARED_DIR` overrides the
/// location.
public enum SharedFixtures {
    /// The shared directory: `SCOUT_SHARED_DIR` if set, else `<package root>/../shared`, with the
    /// package root derived from this source file's `#filePath`.
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["SCOUT_SHARED_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true).standardizedFileURL
        }
        // …/<package root>/Sources/ScoutTestSupport/Files/SharedFixtures.swift
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Files
            .deletingLastPathComponent()  // ScoutTestSupport
            .deletingLastPathComponent()  // Sources
            .deletingLastPathComponent()  // package root
        return packageRoot.appendingPathComponent("../shared", isDirectory: true).standardizedFileURL
    }

    /// Whether ``directory`` exists.
    public static var isAvailable: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }

    /// The URL of `relativePath` inside ``directory``, such as
    /// `fixtures/wikipedia/ios_BarackSearch_fv1.json`; throws when the directory or file is missing.
    public static func url(_ relativePath: String) throws(SharedFixturesError) -> URL {
        guard isAvailable else { throw .directoryMissing(directory.path, isCI: TestEnvironment.isCI) }
        let url = directory.appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .fileMissing(url.path) }
        return url
    }

    /// The bytes of `relativePath` inside ``directory``.
    public static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: url(relativePath))
    }

    /// The file `relativePath` inside ``directory`` parsed as JSON.
    public static func json(_ relativePath: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: data(relativePath))
    }
}

/// A shared file or the shared directory is not where ``SharedFixtures`` looks.
public enum SharedFixturesError: Error, Equatable, CustomStringConvertible {
    /// The whole directory is missing; under CI this fails the test instead of skipping it.
    case directoryMissing(String, isCI: Bool)
    /// The directory exists but not this file.
    case fileMissing(String)

    /// A sentence saying what is missing and what to do.
    public var description: String {
        switch self {
        case .directoryMissing(let path, let isCI):
            "The shared research directory \(path) is missing"
                + (isCI ? " and CI is set, so tests that need it fail instead of being skipped. " : ". ")
                + "Place it next to the package or set SCOUT_SHARED_DIR."
        case .fileMissing(let path):
            "The shared file \(path) is missing. Check the name against the shared directory."
        }
    }
}
