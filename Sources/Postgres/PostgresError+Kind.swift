extension PostgresError {
    /// What went wrong, grouped by SQLSTATE class for callers that react to it.
    ///
    /// ```swift
    /// if error.kind == .serializationFailure { /* run the transaction again */ }
    /// ```
    public enum Kind: Sendable, Equatable {
        /// The server could not be reached, or the connection broke (class 08, 57P).
        case connectionFailed
        /// The server refused the user name or password (class 28).
        case authenticationFailed
        /// The database named in the URL does not exist (3D000).
        case databaseMissing
        /// A `UNIQUE` or `PRIMARY KEY` constraint failed (23505).
        case uniqueViolation
        /// A `FOREIGN KEY` constraint failed (23503).
        case foreignKeyViolation
        /// A `NOT NULL` constraint failed (23502).
        case notNullViolation
        /// A `CHECK` constraint failed (23514).
        case checkViolation
        /// Another integrity constraint failed (class 23).
        case constraintViolation
        /// A concurrent transaction conflicted; running it again may succeed (40001, 40P01).
        case serializationFailure
        /// The statement was cancelled or timed out (57014).
        case cancelled
        /// Another session held a lock the statement waited for longer than `lock_timeout` (55P03).
        case lockNotAvailable
        /// The user lacks a privilege (42501).
        case permissionDenied
        /// The server ran out of disk, memory or connections (class 53).
        case resourceExhausted
        /// A value does not fit its column's type or range (class 22).
        case invalidValue
        /// A row has no such column, or its value is `NULL` or of another type.
        case invalidColumn
        /// The API was used wrongly.
        case misuse
        /// Anything else, such as an SQL syntax error.
        case other

        /// The group of a SQLSTATE: `Kind(sqlState: "23505") == .uniqueViolation`.
        init(sqlState: String?) {
            guard let sqlState else {
                self = .connectionFailed
                return
            }
            switch sqlState {
            case "23505": self = .uniqueViolation
            case "23503": self = .foreignKeyViolation
            case "23502": self = .notNullViolation
            case "23514": self = .checkViolation
            case "40001", "40P01": self = .serializationFailure
            case "57014": self = .cancelled
            case "55P03": self = .lockNotAvailable
            case "42501": self = .permissionDenied
            case "3D000": self = .databaseMissing
            default:
                switch sqlState.prefix(2) {
                case "08", "57": self = .connectionFailed
                case "28": self = .authenticationFailed
                case "23": self = .constraintViolation
                case "53": self = .resourceExhausted
                case "22": self = .invalidValue
                default: self = .other
                }
            }
        }
    }
}
