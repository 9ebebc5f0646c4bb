import Foundation

/// A `postgres://` (or `postgresql://`) connection URL, as libpq reads it, with a form that is
/// safe to print: ``description`` shows `***` for the password, in the user info and in a
/// `password=` query parameter alike.
///
/// ```swift
/// let url = try PostgresURL("postgres://scout:s3cret@db.internal:5432/books?sslmode=require")
/// print(url)  // postgres://scout:***@db.internal:5432/books?sslmode=require
/// let db = try await PostgresDatabase(url: url)
/// ```
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: pass it to libpq, never to a log.
    public let string: String
    /// The URL with every password replaced by `***`.
    public let description: String
    /// The password, raw and percent-decoded, so messages quoting it can be scrubbed.
    private let secrets: [String]

    /// Whether `text` is a URL this type accepts: `PostgresURL.isPostgresURL("postgres://x/db")`.
    public static func isPostgresURL(_ text: String) -> Bool {
        let lowercased = text.prefix(13).lowercased()
        return lowercased.hasPrefix("postgres://") || lowercased.hasPrefix("postgresql://")
    }

    /// Checks that `string` is a `postgres://` or `postgresql://` URL. Throws a ``PostgresError``
    /// of kind `.misuse` otherwise (without quoting `string`, which may hold a password).
    ///
    /// ```swift
    /// let url = try PostgresURL("postgresql://localhost/books")
    /// ```
    public init(_ string: String) throws(PostgresError) {
        guard Self.isPostgresURL(string) else {
            throw .misuse("The database URL must start with postgres:// or postgresql://.")
        }
        let schemeEnd = string.range(of: "://")!.upperBound
        let rest = string[schemeEnd...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = String(rest[..<authorityEnd])
        var secrets: [String] = []
        if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
            secrets.append(String(authority[authority.index(after: colon)..<at]))
            authority.replaceSubrange(authority.index(after: colon)..<at, with: "***")
        }
        var tail = String(rest[authorityEnd...])
        if let question = tail.firstIndex(of: "?") {
            let parameters = tail[tail.index(after: question)...].split(
                separator: "&", omittingEmptySubsequences: false)
            let redacted = parameters.map { parameter -> String in
                guard parameter.lowercased().hasPrefix("password=") else { return String(parameter) }
                secrets.append(String(parameter.dropFirst("password=".count)))
                return "password=***"
            }
            tail = tail[...question] + redacted.joined(separator: "&")
        }
        secrets += secrets.compactMap { $0.removingPercentEncoding }
        self.string = string
        self.description = String(string[..<schemeEnd]) + authority + tail
        self.secrets = secrets.filter { !$0.isEmpty }
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
        return try PostgresURL(String(string[..<authorityEnd]) + "/" + encoded + query)
    }

    /// `message` with every occurrence of the password replaced by `***`, for libpq messages that
    /// may quote part of a malformed URL.
    func scrubbed(_ message: String) -> String {
        secrets.reduce(message) { text, secret in text.replacingOccurrences(of: secret, with: "***") }
    }
}
