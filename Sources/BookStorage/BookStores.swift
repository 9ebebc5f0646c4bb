import BookCatalog
import Foundation
import Postgres

/// Opens the ``BookStore`` a location names: PostgreSQL for a `postgres://` or `postgresql://`
/// URL, a SQLite file for anything else (a path). This is what `SCOUT_DATABASE` holds.
///
/// ```swift
/// let store = try await BookStores.open(environment["SCOUT_DATABASE"] ?? defaultPath)
/// ```
public enum BookStores {
    /// The store at `location`, its schema migrated: a ``PostgresBookStore`` for a PostgreSQL URL,
    /// a ``SQLiteBookStore`` (created if missing) for a file path. Throws ``BookStoreError``,
    /// which never shows a password.
    ///
    /// ```swift
    /// let shared = try await BookStores.open("postgres://scout@db.internal/books")
    /// let local = try await BookStores.open("/var/lib/scout/books.sqlite")
    /// ```
    public static func open(_ location: String) async throws -> any BookStore {
        if isPostgresURL(location) {
            return try await PostgresBookStore(url: location)
        }
        return try await SQLiteBookStore(path: location)
    }

    /// Whether `location` is a PostgreSQL URL rather than a file path:
    /// `BookStores.isPostgresURL("postgresql://db/books") == true`.
    public static func isPostgresURL(_ location: String) -> Bool {
        PostgresURL.isPostgresURL(location)
    }

    /// `location` as messages may show it: a PostgreSQL URL with its password as `***`, a path
    /// as it is: `BookStores.label("postgres://u:pw@db/books") == "postgres://u:***@db/books"`.
    public static func label(_ location: String) -> String {
        guard isPostgresURL(location) else { return location }
        return (try? PostgresURL(location).description) ?? "the PostgreSQL database"
    }

    /// Opens the store at `location` like ``open(_:)``, first creating a SQLite file's folder.
    ///
    /// ```swift
    /// let store = try await BookStores.openCreatingFolder("/home/ada/.local/share/scout/books.sqlite")
    /// ```
    public static func openCreatingFolder(_ location: String) async throws -> any BookStore {
        if !isPostgresURL(location) {
            let folder = URL(fileURLWithPath: location).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        return try await open(location)
    }
}
