import Foundation

/// Creates a fresh, private (mode 0700) directory under the system's temporary directory, runs
/// `body` with its URL, and removes the directory and everything in it however `body` ends.
///
/// ```swift
/// try withTemporaryDirectory { directory in
///     let file = directory.appendingPathComponent("catalog.sqlite")
///     // …
/// }
/// ```
public func withTemporaryDirectory<T>(
    prefix: String = "scout-test", _ body: (URL) throws -> T
) throws -> T {
    let directory = try TemporaryDirectory.make(prefix: prefix)
    defer { TemporaryDirectory.remove(directory) }
    return try body(directory)
}

/// Creates a fresh, private (mode 0700) directory under the system's temporary directory, runs
/// `body` with its URL, and removes the directory and everything in it however `body` ends,
/// including by cancellation.
///
/// ```swift
/// try await withTemporaryDirectory { directory in
///     try await cache.store(image, in: directory)
/// }
/// ```
public func withTemporaryDirectory<T>(
    prefix: String = "scout-test",
    isolation: isolated (any Actor)? = #isolation,
    _ body: (URL) async throws -> T
) async throws -> T {
    let directory = try TemporaryDirectory.make(prefix: prefix)
    defer { TemporaryDirectory.remove(directory) }
    return try await body(directory)
}

/// Why a temporary directory could not be made.
public struct TemporaryDirectoryError: Error, CustomStringConvertible {
    /// The path template that was tried.
    public let template: String
    /// The `errno` from `mkdtemp`.
    public let code: Int32

    /// A sentence naming the directory and the system's reason.
    public var description: String {
        "Could not create a temporary directory like \(template): \(String(cString: strerror(code))). "
            + "Check that TMPDIR exists and is writable."
    }
}

enum TemporaryDirectory {
    static func make(prefix: String) throws(TemporaryDirectoryError) -> URL {
        let base = FileManager.default.temporaryDirectory.path
        let safePrefix = prefix.isEmpty ? "scout-test" : prefix.replacingOccurrences(of: "/", with: "-")
        let template = (base.hasSuffix("/") ? base : base + "/") + safePrefix + "-XXXXXX"
        var bytes = Array(template.utf8CString)
        let made = bytes.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else { throw TemporaryDirectoryError(template: template, code: errno) }
        let path = String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Removes `directory`, first making its contents writable so a test that made a file or
    /// folder read-only does not leave it behind.
    static func remove(_ directory: URL) {
        let manager = FileManager.default
        if (try? manager.removeItem(at: directory)) != nil { return }
        if let enumerator = manager.enumerator(atPath: directory.path) {
            try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: directory.path)
            for case let relative as String in enumerator {
                let path = directory.appendingPathComponent(relative).path
                try? manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
            }
        }
        try? manager.removeItem(at: directory)
    }
}
