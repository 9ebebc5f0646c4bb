import Foundation

/// Something a suite needs from the machine (a PostgreSQL server, Redis, `../shared`, a tool),
/// and the one way a suite declares it:
///
/// ```swift
/// @Suite(
///     "PostgreSQL book store",
///     .enabled(if: Requirement.postgres.mayRun, Comment(rawValue: Requirement.postgres.skipReason)))
/// ```
///
/// Outside CI an unmet requirement skips the suite, with ``skipReason`` saying what to install.
/// On CI (``TestEnvironment/isCI``) the suite runs anyway and fails where it reaches for what
/// is missing — call ``check()`` first for a sentence naming it: a skipped suite is not a
/// passing one, and `.ci/run` also fails on any skip and on a suite of `.ci/required-suites`
/// that did not pass.
public struct Requirement: Sendable, CustomStringConvertible {
    /// What is needed, such as "PostgreSQL".
    public let name: String
    private let findMissing: @Sendable () -> String?

    /// A requirement named `name`; `missing` returns a sentence saying what is missing and how to
    /// get it, or nil when the requirement is met.
    public init(_ name: String, missing: @escaping @Sendable () -> String?) {
        self.name = name
        self.findMissing = missing
    }

    /// What is missing and how to get it, or nil when the requirement is met.
    public var missing: String? { findMissing() }

    /// Whether the requirement is met here.
    public var isMet: Bool { missing == nil }

    /// Whether a test that needs this runs here: when it is met, and on CI always.
    public var mayRun: Bool { Self.mayRun(isMet: isMet, isCI: TestEnvironment.isCI) }

    /// The run policy itself: a met requirement runs; an unmet one runs (and fails) on CI and is
    /// skipped elsewhere.
    public static func mayRun(isMet: Bool, isCI: Bool) -> Bool { isMet || isCI }

    /// Why a test was skipped, for `.enabled(if:_:)`'s comment.
    public var skipReason: String { missing.map { "\(name): \($0)" } ?? "\(name) is available" }

    /// Throws ``RequirementError`` naming what is missing; call it first in a test that may run
    /// on CI without what it needs.
    public func check() throws(RequirementError) {
        if let missing { throw RequirementError(name: name, missing: missing) }
    }

    public var description: String { name }
}

/// A test ran without what it requires (on CI, where that is a failure rather than a skip).
public struct RequirementError: Error, CustomStringConvertible {
    /// The requirement's name.
    public let name: String
    /// What is missing and how to get it.
    public let missing: String

    public var description: String { "\(name) is required here: \(missing)" }
}

extension Requirement {
    /// `../shared` next to the package (``SharedFixtures``).
    public static let sharedFixtures = Requirement("../shared") {
        SharedFixtures.isAvailable
            ? nil : "\(SharedFixtures.directory.path) is missing: place it next to the package or set SCOUT_SHARED_DIR."
    }

    /// The PostgreSQL server `scripts/with-postgres.sh` starts (``TestPostgresServer``).
    public static let postgres = Requirement("PostgreSQL") {
        TestPostgresServer.isConfigured ? nil : TestPostgresServer.skipReason
    }

    /// The Redis server `scripts/with-redis.sh` starts: `SCOUT_TEST_REDIS_URL`.
    public static let redis = Requirement("Redis") {
        let url = ProcessInfo.processInfo.environment["SCOUT_TEST_REDIS_URL"] ?? ""
        return url.isEmpty
            ? "SCOUT_TEST_REDIS_URL is not set: run the tests under scripts/with-redis.sh (make test does)." : nil
    }

    /// nginx (``TestNginx``).
    public static let nginx = Requirement("nginx") {
        TestNginx.binary == nil ? "nginx is not installed (make test installs nginx-light)." : nil
    }

    /// Root, for tests that mount a file system.
    public static let root = Requirement("root") {
        getuid() == 0 ? nil : "this test mounts a tmpfs, which needs root."
    }

    /// An executable at `path`; `hint` says how to install it.
    public static func executable(_ path: String, _ hint: String) -> Requirement {
        Requirement(URL(fileURLWithPath: path).lastPathComponent) {
            FileManager.default.isExecutableFile(atPath: path) ? nil : "\(path) is missing: \(hint)"
        }
    }
}
