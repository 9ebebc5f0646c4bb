internal import CSQLite
import Foundation

extension SQLiteError {
    /// What went wrong, grouped for callers that react to it.
    ///
    /// ```swift
    /// if error.kind == .busy { /* retry later */ }
    /// ```
    public enum Kind: Sendable, Equatable {
        /// Another connection holds a lock (`SQLITE_BUSY`, `SQLITE_LOCKED`).
        case busy
        /// A `UNIQUE` or `PRIMARY KEY` constraint failed: the row already exists.
        case uniqueViolation
        /// A `FOREIGN KEY` constraint failed.
        case foreignKeyViolation
        /// A `NOT NULL` constraint failed.
        case notNullViolation
        /// A `CHECK` constraint failed.
        case checkViolation
        /// Another constraint failed.
        case constraintViolation
        /// The file is damaged or not a database (`SQLITE_CORRUPT`, `SQLITE_NOTADB`).
        case corrupt
        /// The disk is full (`SQLITE_FULL`).
        case diskFull
        /// The file could not be opened (`SQLITE_CANTOPEN`).
        case cannotOpen
        /// The database or its directory is read-only (`SQLITE_READONLY`, `SQLITE_PERM`).
        case readOnly
        /// A row has no such column, or its value is `NULL` or of another type.
        case invalidColumn
        /// The API was used wrongly (`SQLITE_MISUSE`).
        case misuse
        /// Anything else, such as an SQL syntax error.
        case other
    }

    /// The group this error belongs to: `error.kind == .uniqueViolation`.
    public var kind: Kind {
        switch code {
        case SQLITE_BUSY, SQLITE_LOCKED: .busy
        case SQLITE_CONSTRAINT:
            switch extendedCode {
            case ExtendedCode.unique, ExtendedCode.primaryKey: .uniqueViolation
            case ExtendedCode.foreignKey: .foreignKeyViolation
            case ExtendedCode.notNull: .notNullViolation
            case ExtendedCode.check: .checkViolation
            default: .constraintViolation
            }
        case SQLITE_CORRUPT, SQLITE_NOTADB: .corrupt
        case SQLITE_FULL: .diskFull
        case SQLITE_CANTOPEN: .cannotOpen
        case SQLITE_READONLY, SQLITE_PERM: .readOnly
        case SQLITE_MISMATCH, SQLITE_RANGE: .invalidColumn
        case SQLITE_MISUSE: .misuse
        default: .other
        }
    }

    /// A sentence for people: what happened and what to do, without data.
    ///
    /// ```swift
    /// error.sentence  // "The database is busy: another connection is using it. Retry in a moment."
    /// ```
    public var sentence: String {
        let target = constraintTarget
        switch kind {
        case .busy: return "The database is busy: another connection is using it. Retry in a moment."
        case .uniqueViolation: return "A row with the same \(target ?? "key") already exists."
        case .foreignKeyViolation:
            return "The change violates a foreign key: it refers to a missing row, or other rows still refer to it."
        case .notNullViolation:
            return "The change violates a NOT NULL constraint: \(target ?? "a column") needs a value."
        case .checkViolation: return "The change violates the CHECK constraint \(target ?? "of the table")."
        case .constraintViolation: return "The change violates a database constraint."
        case .corrupt: return "The database file is damaged or is not a SQLite database. Restore it from a backup."
        case .diskFull: return "The disk is full, so the change was not saved. Free some space and retry."
        case .cannotOpen:
            return "The database file could not be opened. Check that its directory exists and is writable."
        case .readOnly: return "The database is read-only. Check the permissions of the file and its directory."
        case .invalidColumn, .misuse: return message
        case .other: return "The database statement failed (\(Self.codeText(extendedCode)))."
        }
    }

    /// For constraint errors, the table and columns (or constraint name) SQLite names, such as
    /// `books.isbn` in "UNIQUE constraint failed: books.isbn"; `nil` unless it is identifiers only.
    var constraintTarget: String? {
        guard code == SQLITE_CONSTRAINT, let range = message.range(of: "constraint failed: ") else { return nil }
        let target = message[range.upperBound...]
        let allowed = target.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_., ".contains($0)) }
        return allowed && !target.isEmpty ? String(target) : nil
    }
}

extension SQLiteError: CustomStringConvertible, CustomDebugStringConvertible {
    /// A loggable description: sentence, code and statement, never a bound value.
    ///
    /// ```swift
    /// print(error)  // A row with the same users.email already exists. (SQLite 2067: constraint failed) …
    /// ```
    public var description: String {
        var text = path.map { "Could not open the database at \($0). " } ?? ""
        text += sentence
        if isMessageSafe && kind != .invalidColumn && kind != .misuse { text += " SQLite said: \(message)." }
        text += " (SQLite \(extendedCode): \(Self.codeText(extendedCode)))"
        if let sql { text += " Statement: \(sql)" }
        return text
    }

    /// The description plus SQLite's own message, which may quote data: for debugging only.
    ///
    /// ```swift
    /// debugPrint(error)
    /// ```
    public var debugDescription: String {
        "\(description) SQLite said: \(message)"
    }
}

/// Extended constraint codes: in `sqlite3.h` they are macros built with `|` and `<<`, which Swift
/// does not import.
private enum ExtendedCode {
    static let check = SQLITE_CONSTRAINT | (1 << 8)
    static let foreignKey = SQLITE_CONSTRAINT | (3 << 8)
    static let notNull = SQLITE_CONSTRAINT | (5 << 8)
    static let primaryKey = SQLITE_CONSTRAINT | (6 << 8)
    static let unique = SQLITE_CONSTRAINT | (8 << 8)
}
