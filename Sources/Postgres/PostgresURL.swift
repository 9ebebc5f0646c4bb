import Foundation
import Redaction

/// A `postgres://` (or `postgresql://`) connection URL, as libpq reads it, with a form that is
/// safe to print: ``description`` shows `***` for the password, in the user info and in any
/// query parameter named like a secret alike.
///
/// ```swift
/// let url = try PostgresURL("postgres://scout:s3cret@db.internal:5432/books?sslmode=require")
/// print(url)  // postgres://scout:***@db.internal:5432/books?sslmode=require
/// let db = try await PostgresDatabase(url: url)
/// ```
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: pass it to libpq, never to a log.
    public let string: String
    /// The URL with every secret replaced by `***` (``Redaction/URLRedaction``): the password
    /// of the user info and every parameter named like a secret (`password`, `sslpassword`).
    public let description: String
    /// A password given apart from the URL (from a file or the environment), sent to libpq as
    /// its `password` setting so that it never shows in a URL, `ps` or a message.
    public let password: String?

    /// Whether `text` is a URL this type accepts: `PostgresURL.isPostgresURL("postgres://x/db")`.
    public static func isPostgresURL(_ text: String) -> Bool {
        let lowercased = text.prefix(13).lowercased()
        return lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://")
    }

    /// Checks that `string` is a `postgres://` or `postgresql://` URL. Throws a ``PostgresError``
    /// of kind `.misuse` otherwise (without quoting `string`, which may hold a password).
    /// `password`, when given, is sent instead of any password the URL holds.
    ///
    /// ```swift
    /// let url = try PostgresURL("postgresql://localhost/books")
    /// let withFile = try PostgresURL("postgres://scout@db/books", password: try String(contentsOfFile: path))
    /// ```
    public init(_ string: String, password: String? = nil) throws(PostgresError) {
        guard Self.isPostgresURL(string) else {
            throw .misuse("The database URL must start with postgres:// or postgresql://.")
        }
        self.string = string
        self.description = URLRedaction.redacted(string)
        self.password = password.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The same server and options with another database: how tests reach the databases they
    /// create.
    ///
    /// ```swift
    /// let scratch = try url.replacingDatabase(with: "scout_test_1")  // postgres://…/scout_test_1
    /// ```
    public func replacingDatabase(with name: String) throws(PostgresError) -> PostgresURL {
        let schemeEnd = string.range(of: "://")!.upperBound
        let rest = string[schemeEnd...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        let query = rest[authorityEnd...].firstIndex(of: "?").map { rest[$0...] } ?? ""
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
        return try PostgresURL(String(string[..<authorityEnd]) + "/" + encoded + query, password: password)
    }

    /// `message` with every secret of the URL, and the password given apart, replaced by `***`,
    /// for libpq messages that may quote part of a malformed URL.
    func scrubbed(_ message: String) -> String {
        let scrubbed = URLRedaction.scrubbed(message, of: string)
        guard let password else { return scrubbed }
        return scrubbed.replacingOccurrences(of: password, with: URLRedaction.mask)
    }
}
