import Foundation

/// Any failure of the book catalog other than a database error (the stores of `BookStorage` throw their `BookStoreError`).
///
/// `description` is a sentence a user can act on and never quotes file contents.
///
/// ```swift
/// do {
///     _ = try await importer.importBooks(from: url)
/// } catch let error as BookCatalogError {
///     print(error)  // The CSV file ends inside a quoted field that starts on line 12. …
/// }
/// ```
public enum BookCatalogError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A quoted CSV field that starts on `line` is never closed.
    case unterminatedQuote(line: Int)
    /// The CSV header lacks columns the importer needs.
    case missingColumns([String])
    /// The file at `path` could not be read; `reason` is the system's explanation.
    case unreadableFile(path: String, reason: String)
    /// The file at `path` could not be written; `reason` is the system's explanation.
    case unwritableFile(path: String, reason: String)
    /// The file at `path` is damaged, such as a gzip file cut short; `reason` says how.
    case corruptFile(path: String, reason: String)

    /// A sentence saying what went wrong and what to do.
    public var description: String {
        switch self {
        case .unterminatedQuote(let line):
            "The CSV file ends inside a quoted field that starts on line \(line). Check that file's quotes."
        case .missingColumns(let columns):
            "The CSV header lacks the columns \(columns.joined(separator: ", ")). Check that it is the right file."
        case .unreadableFile(let path, let reason):
            "Could not read \(path) (\(reason)). Check the path and its permissions."
        case .unwritableFile(let path, let reason):
            "Could not write \(path) (\(reason)). \(Self.writeAdvice(for: reason))"
        case .corruptFile(let path, let reason):
            "Could not read \(path): \(reason). Check that its download finished, or download it again."
        }
    }

    /// What to do about a write that failed for `reason` (the system's words for its errno).
    private static func writeAdvice(for reason: String) -> String {
        func says(_ code: Int32) -> Bool { reason.contains(String(cString: strerror(code))) }
        if says(ENOSPC) || says(EDQUOT) {
            return "Free some space on that disk, or write somewhere else, and try again."
        }
        if says(EPIPE) { return "What read the output stopped reading; run the export again." }
        return "Check that its folder exists and is writable."
    }
}

extension BookCatalogError: LocalizedError {
    /// The same sentence as ``description``, so `error.localizedDescription` reads well too.
    public var errorDescription: String? { description }
}
