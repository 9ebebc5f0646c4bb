import Foundation

/// Where the tests are running: the one answer to "is this CI?" for every suite and helper.
///
/// CI is the `CI` environment variable set to anything but empty, `0`, `false` or `no` (any
/// case): `CI=true`, `CI=1` and `CI=yes` are CI; `CI=false` and an unset `CI` are not.
/// `.ci/run` sets `CI=true`. On CI a suite whose ``Requirement`` is unmet runs and fails
/// instead of being skipped.
public enum TestEnvironment {
    /// Whether this process runs under CI, read from its environment.
    public static var isCI: Bool { isCI(ProcessInfo.processInfo.environment) }

    /// Whether `environment` says CI: its `CI` is set to anything but empty, `0`, `false` or `no`.
    ///
    /// ```swift
    /// TestEnvironment.isCI(["CI": "true"])   // true
    /// TestEnvironment.isCI(["CI": "false"])  // false
    /// ```
    public static func isCI(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }
}
