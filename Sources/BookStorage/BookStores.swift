import BookCatalog
import Foundation
import Postgres
import Redaction

/// Opens the ``BookStore`` a ``CatalogLocation`` names: PostgreSQL for a `postgres://` or
/// `postgresql://` URL, a SQLite file for a path. This is what `SCOUT_DATABASE` holds.
///
/// ```swift
/// let store = try await BookStores.open(try CatalogLocation(environment["SCOUT_DATABASE"] ?? defaultPath))
/// ```
public enum BookStores {
    /// What opening may create when there is no catalog at a path yet.
    public enum Creation: Sendable, Equatable {
        /// Nothing: a missing file is an error of kind `.missing` (for commands that only read).
        case nothing
        /// The file, in a folder that must exist.
        case file
        /// The file and its folders (for imports, and the default location on a first run).
        case fileAndFolders
    }

    /// The store at `location`, its schema migrated: a ``PostgresBookStore`` for a PostgreSQL
    /// URL, a ``SQLiteBookStore`` for a file path, created as `creation` allows; the books it
    /// writes read by `readingAnalyzer` when one is given. A PostgreSQL catalog keeps its search
    /// index file in `searchIndexDirectory` (created when missing) when one is given, else none
    /// (search then builds its index from the database at each start); a SQLite catalog keeps
    /// its own beside it. A PostgreSQL store's schema change that waits for another session's
    /// reads (see ``SchemaLockPatience``) tells `onWait` so, once. Throws
    /// ``BookStoreError``, which never shows a password: kind `.missing` for a file or folder
    /// that is not there, `.notACatalog` for a file that is not a Scout catalog.
    ///
    /// ```swift
    /// let shared = try await BookStores.open(try CatalogLocation("postgres://scout@db.internal/books"))
    /// let local = try await BookStores.open(.file(path: "/var/lib/scout/books.sqlite"), creating: .nothing)
    /// ```
    public static func open(
        _ location: CatalogLocation, creating creation: Creation = .file, readingAnalyzer: (any ReadingAnalyzer)? = nil,
        searchIndexDirectory: URL? = nil, onWait: (@Sendable (String) -> Void)? = nil
    ) async throws -> any BookStore {
        switch location {
        case .postgres(let url):
            // A folder that cannot be made leaves search to build its index at each start, as
            // without one; writing the file then reports why.
            if let searchIndexDirectory {
                try? FileManager.default.createDirectory(at: searchIndexDirectory, withIntermediateDirectories: true)
            }
            var patience = SchemaLockPatience.standard
            patience.onWait = onWait
            return try await PostgresBookStore(
                url: url, readingAnalyzer: readingAnalyzer, searchIndexDirectory: searchIndexDirectory?.path,
                schemaLockPatience: patience)
        case .file(let path):
            try prepare(path: path, creation)
            do {
                return try await SQLiteBookStore(
                    path: path, creating: creation != .nothing, readingAnalyzer: readingAnalyzer)
            } catch let error as BookStoreError where error.kind == .damaged || error.kind == .notACatalog {
                // On opening, "damaged" is almost always another kind of file: say so, not "restore a backup".
                let reason =
                    error.kind == .damaged ? "it is not a SQLite database, or it is damaged." : error.description
                throw BookStoreError(
                    kind: .notACatalog, database: .sqlite,
                    description: "The catalog at \(path) is not a Scout catalog: \(reason) "
                        + "Check --database (SCOUT_DATABASE), or import into a new file.")
            }
        }
    }

    /// Opens the store `location` names, as ``open(_:creating:)`` does: a path or a PostgreSQL
    /// URL; the SQLite file is created when missing (its folder must exist).
    ///
    /// ```swift
    /// let store = try await BookStores.open(directory.appendingPathComponent("books.sqlite").path)
    /// ```
    public static func open(_ location: String) async throws -> any BookStore {
        try await open(try CatalogLocation(location))
    }

    /// Whether `location` is a PostgreSQL URL rather than a file path:
    /// `BookStores.isPostgresURL("postgresql://db/books") == true`.
    public static func isPostgresURL(_ location: String) -> Bool {
        PostgresURL.isPostgresURL(location)
    }

    /// `location` as messages may show it, every secret as `***` (``Redaction/URLRedaction``):
    /// `BookStores.label("postgres://u:pw@db/books") == "postgres://u:***@db/books"`.
    public static func label(_ location: String) -> String {
        URLRedaction.redacted(location)
    }

    /// Makes sure a SQLite file at `path` may be opened as `creation` allows, creating its
    /// folders when it says so; throws a `.missing` error with the sentence to show otherwise.
    private static func prepare(path: String, _ creation: Creation) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var isFolder: ObjCBool = false
        switch creation {
        case .fileAndFolders:
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw BookStoreError(
                    kind: .denied, database: .sqlite,
                    description: "Could not create the folder \(folder.path) for the catalog: "
                        + "\(error.localizedDescription)")
            }
        case .file:
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue
            else {
                throw BookStoreError(
                    kind: .missing, database: .sqlite,
                    description: "There is no folder \(folder.path) for the catalog at \(path): check --database "
                        + "(SCOUT_DATABASE), or create the folder, or run 'scout books import … --database \(path)'.")
            }
        case .nothing:
            guard FileManager.default.fileExists(atPath: path) else {
                throw BookStoreError(
                    kind: .missing, database: .sqlite,
                    description: "There is no catalog at \(path): check --database (SCOUT_DATABASE), or import one "
                        + "with 'scout books import … --database \(path)'.")
            }
        }
    }
}
