import Postgres
import SQLite

/// Any failure of a book store's database, whichever store it is: what kind of failure, which
/// database, and a sentence safe to show.
///
/// `description` is the database's safe sentence (what happened, what to do, the error code and
/// the statement's SQL text), never a bound value or a password: ``SQLiteBookStore`` and
/// ``PostgresBookStore`` turn every `SQLiteError` and `PostgresError` into this type, so callers
/// need not know either database. `debugDescription` adds the database's own message, which may
/// quote data: for debugging only.
///
/// ```swift
/// do {
///     let store = try await BookStores.open(location)
/// } catch let error as BookStoreError where error.kind == .unavailable {
///     print(error)  // Could not connect to postgres://scout:***@db/books. Could not reach the …
/// }
/// ```
public struct BookStoreError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The group of the failure: `error.kind == .busy`.
    public let kind: Kind
    /// The database that failed: `error.database == .postgres`.
    public let database: Database
    /// A loggable sentence: what happened and what to do, the code and the statement, never a
    /// bound value or a password.
    public let description: String
    /// The description plus the database's own message, which may quote data.
    public let debugDescription: String

    /// An error of Scout's own (a missing catalog, a file that is not one): `description` is
    /// the whole sentence.
    init(kind: Kind, database: Database, description: String) {
        self.kind = kind
        self.database = database
        self.description = description
        debugDescription = description
    }

    /// The store error for a SQLite failure.
    init(_ error: SQLiteError) {
        kind =
            switch error.kind {
            case .busy: .busy
            case .uniqueViolation, .foreignKeyViolation, .notNullViolation, .checkViolation, .constraintViolation:
                .constraintViolation
            case .corrupt: .damaged
            case .diskFull: .exhausted
            case .cannotOpen: .unavailable
            case .readOnly: .denied
            case .invalidColumn: .invalidValue
            case .misuse, .other: .other
            }
        database = .sqlite
        description = error.description
        debugDescription = error.debugDescription
    }

    /// The store error for a PostgreSQL failure.
    init(_ error: PostgresError) {
        kind =
            switch error.kind {
            case .connectionFailed, .authenticationFailed, .databaseMissing: .unavailable
            case .serializationFailure, .lockNotAvailable: .busy
            case .uniqueViolation, .foreignKeyViolation, .notNullViolation, .checkViolation, .constraintViolation:
                .constraintViolation
            case .resourceExhausted: .exhausted
            case .permissionDenied: .denied
            case .invalidValue, .invalidColumn: .invalidValue
            case .cancelled, .misuse, .other: .other
            }
        database = .postgres
        description = error.description
        debugDescription = error.debugDescription
    }

    /// `error` as callers of a store see it: a database's error as a ``BookStoreError``, any
    /// other error (a cancellation, an importer's) as it is.
    static func translating(_ error: any Error) -> any Error {
        switch error {
        case let error as SQLiteError: BookStoreError(error)
        case let error as PostgresError: BookStoreError(error)
        default: error
        }
    }
}

extension BookStoreError {
    /// What went wrong, grouped for callers that react to it.
    public enum Kind: Sendable, Equatable {
        /// The database could not be opened or reached, or refused the credentials.
        case unavailable
        /// Another writer holds the database, or a concurrent change conflicted: retry.
        case busy
        /// A change violates a constraint, for instance a relation to a book that is not stored.
        case constraintViolation
        /// The database file is damaged or is not a database.
        case damaged
        /// The disk (or the server's memory or connections) ran out.
        case exhausted
        /// The database or its user may not be written.
        case denied
        /// A value does not fit its column, or a row does not have the column asked for.
        case invalidValue
        /// Anything else, such as a statement cancelled or an SQL error.
        case other
        /// There is no catalog at the location, and the command would not create one.
        case missing
        /// The location holds something that is not a Scout catalog (another file, another
        /// application's database).
        case notACatalog
        /// The location names a database Scout cannot use (a `mysql://` URL).
        case unsupportedLocation
    }

    /// The database behind a store.
    public enum Database: String, Sendable, Equatable {
        /// A SQLite file (``SQLiteBookStore``).
        case sqlite = "SQLite"
        /// A PostgreSQL server (``PostgresBookStore``).
        case postgres = "PostgreSQL"
    }
}

/// Runs `body`, a store's work, throwing a ``BookStoreError`` for a database's error.
///
/// ```swift
/// public func count() async throws -> Int {
///     try await storeWork { try await database.query("SELECT count(*) FROM books") { try $0.int(0) }.first ?? 0 }
/// }
/// ```
func storeWork<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw BookStoreError.translating(error)
    }
}
