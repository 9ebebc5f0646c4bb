extension PostgresError {
    /// A sentence for people: what happened and what to do, without data.
    ///
    /// ```swift
    /// error.sentence  // "PostgreSQL refused the user name or password. Check the credentials in the URL."
    /// ```
    public var sentence: String {
        let named = constraint.map { " (constraint \($0))" } ?? ""
        switch kind {
        case .connectionFailed:
            return "Could not reach the PostgreSQL server, or it closed the connection. "
                + "Check that it is running and that the URL's host and port are right."
        case .authenticationFailed:
            return "PostgreSQL refused the user name or password. Check the credentials in the URL."
        case .databaseMissing:
            return "The database named in the URL does not exist. Create it (createdb) or fix the URL."
        case .uniqueViolation: return "A row with the same key already exists\(named)."
        case .foreignKeyViolation:
            return "The change refers to a missing row, or other rows still refer to the row\(named)."
        case .notNullViolation: return "The change leaves a required column empty\(named)."
        case .checkViolation: return "The change violates a CHECK constraint\(named)."
        case .constraintViolation: return "The change violates a database constraint\(named)."
        case .serializationFailure: return "A concurrent change conflicted with this one. Retry it."
        case .cancelled: return "The statement was cancelled or took too long."
        case .lockNotAvailable:
            return "Another session held a table the statement needed for longer than it would wait; the statement "
                + "changed nothing. Find the long query in pg_stat_activity, and retry once it ends."
        case .permissionDenied: return "The database user lacks a privilege this needs. Grant it or use another user."
        case .resourceExhausted:
            return "The PostgreSQL server ran out of disk space, memory or connections. Free some and retry."
        case .invalidValue: return "A value does not fit its column's type or range."
        case .invalidColumn, .misuse: return message
        case .other: return "The database statement failed."
        }
    }
}

extension PostgresError: CustomStringConvertible, CustomDebugStringConvertible {
    /// A loggable description: server, sentence, SQLSTATE and statement, never a bound value or a
    /// password.
    ///
    /// ```swift
    /// print(error)  // The change violates a CHECK constraint (constraint readings_rating_check). (SQLSTATE 23514) …
    /// ```
    public var description: String {
        var text = server.map { "Could not connect to \($0). " } ?? ""
        text += sentence
        // libpq's connection messages ("Connection refused", "timeout expired") quote no data; the
        // password is scrubbed from them before they get here.
        if server != nil, kind != .misuse { text += " libpq said: \(message)" }
        if let sqlState { text += " (SQLSTATE \(sqlState))" }
        if let table { text += " Table: \(table)." }
        if let sql { text += " Statement: \(sql)" }
        return text
    }

    /// The description plus PostgreSQL's own message and detail, which may quote data: for
    /// debugging only.
    ///
    /// ```swift
    /// debugPrint(error)
    /// ```
    public var debugDescription: String {
        var text = "\(description) PostgreSQL said: \(message)"
        if let detail { text += " Detail: \(detail)" }
        return text
    }
}
