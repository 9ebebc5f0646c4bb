import Foundation
import Postgres
import Redaction

/// Where a catalog is: a SQLite file or a PostgreSQL database — what `--database` and
/// `SCOUT_DATABASE` name, parsed once so that every message shows it redacted and an
/// unsupported URL (`mysql://…`) is refused instead of becoming a folder of that name.
///
/// ```swift
/// let location = try CatalogLocation("postgres://scout@db/books", password: passwordFromFile)
/// print(location)  // postgres://scout@db/books
/// ```
public enum CatalogLocation: Sendable, Hashable, CustomStringConvertible {
    /// A SQLite file.
    case file(path: String)
    /// A PostgreSQL database.
    case postgres(PostgresURL)

    /// Reads `text`: a `postgres://` or `postgresql://` URL, else a file path. Any other
    /// `scheme://` throws a ``BookStoreError`` of kind `.unsupportedLocation` saying which forms
    /// work. `password` (from a file or the environment) is used instead of the URL's; a path
    /// takes none.
    ///
    /// ```swift
    /// try CatalogLocation("/var/lib/scout/books.sqlite")  // .file(path: "/var/lib/scout/books.sqlite")
    /// try CatalogLocation("mysql://u@db/books")           // throws: Scout cannot use …
    /// ```
    public init(_ text: String, password: String? = nil) throws(BookStoreError) {
        if PostgresURL.isPostgresURL(text) {
            do {
                self = .postgres(try PostgresURL(text, password: password))
            } catch {
                throw BookStoreError(error)
            }
        } else if Self.hasScheme(text) {
            throw BookStoreError(
                kind: .unsupportedLocation, database: .postgres,
                description: "Scout cannot use the catalog at \(URLRedaction.redacted(text)): give a SQLite file "
                    + "path (such as ~/.local/share/scout/books.sqlite) or a PostgreSQL URL "
                    + "(postgres://user@host:5432/database).")
        } else {
            self = .file(path: text)
        }
    }

    /// The location as messages show it, every secret as `***`.
    public var description: String {
        switch self {
        case .file(let path): path
        case .postgres(let url): url.description
        }
    }

    /// Whether `text` starts like a URL, `scheme://`: never a file name anyone means.
    private static func hasScheme(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        return scheme.first?.isLetter == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }
}
