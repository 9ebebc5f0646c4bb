internal import CLibPQ

extension Connection {
    /// Runs `sql`, a `COPY … FROM STDIN` in text format, sending `columns` (one array value per
    /// column, all of one length) as its rows in ``CopyText``, a megabyte per libpq call; returns
    /// how many rows the server stored. Throws ``PostgresError``: a misuse (ragged or scalar
    /// columns, NUL in text, SQL that is not such a `COPY`) before or while sending, which aborts
    /// the `COPY`; or the server's error (a bad value, a violated constraint), which names the
    /// row in its context. Either way the connection is back to ready, and a transaction it runs
    /// in is aborted.
    func copy(_ sql: String, columns: [PostgresValue]) throws(PostgresError) -> Int {
        let rowCount = try Self.rowCount(of: columns, sql: sql)
        return try copy(sql, rowCount: rowCount, partSize: rowCount) { _ in columns }
    }

    /// Runs `sql` as ``copy(_:columns:)`` does, for `rowCount` rows whose columns `part` makes
    /// for `partSize` rows at a time (the last part may be shorter): each part is sent as soon as
    /// it is encoded, so the server stores one part while the next is made. Throws as
    /// ``copy(_:columns:)``, and a misuse for a part whose columns do not hold its rows.
    func copy(
        _ sql: String, rowCount: Int, partSize: Int, columns part: (Range<Int>) -> [PostgresValue]
    ) throws(PostgresError) -> Int {
        guard let started = PQexec(handle, sql) else { throw Self.connectionError(handle, url, sql: sql) }
        guard PQresultStatus(started) == PGRES_COPY_IN else { try refuse(started, sql: sql) }
        PQclear(started)
        var text = CopyText()
        do throws(PostgresError) {
            // Bounded by `rowCount`: every part covers at least one row.
            let step = max(partSize, 1)
            for start in stride(from: 0, to: rowCount, by: step) {
                let rows = start..<min(start + step, rowCount)
                let columns = part(rows)
                guard try Self.rowCount(of: columns, sql: sql) == rows.count else {
                    throw .misuse("COPY part \(rows) got columns of another length.", sql: sql)
                }
                for row in 0..<rows.count {
                    try text.appendRow(columns, at: row)
                    if text.isFull {
                        try send(text.bytes, sql: sql)
                        text.removeAll()
                    }
                }
                if !text.bytes.isEmpty {
                    try send(text.bytes, sql: sql)
                    text.removeAll()
                    // libpq keeps the last few kilobytes until its next call; the server gets them now.
                    if rows.upperBound < rowCount { try flush(sql: sql) }
                }
            }
        } catch {
            // Ends the COPY with an error so the server drops what it got; its reply is replaced
            // by the error that stopped the sending.
            _ = PQputCopyEnd(handle, "scout stopped sending rows")
            drainResults()
            throw error
        }
        guard PQputCopyEnd(handle, nil) == 1 else {
            let error = Self.connectionError(handle, url, sql: sql)
            drainResults()
            throw error
        }
        let finished = PQgetResult(handle)
        defer { drainResults() }
        return try consume(finished, sql: sql).affectedRows
    }

    /// How many rows `columns` hold; throws unless every one is an array of the same length.
    private static func rowCount(of columns: [PostgresValue], sql: String) throws(PostgresError) -> Int {
        let counts = columns.map { column -> Int? in
            switch column {
            case .boolArray(let values): values.count
            case .integerArray(let values): values.count
            case .realArray(let values): values.count
            case .textArray(let values): values.count
            case .null, .bool, .integer, .real, .text: nil
            }
        }
        guard !counts.isEmpty, let first = counts[0], counts.allSatisfy({ $0 == first }) else {
            throw .misuse("COPY takes one array per column, all of the same length.", sql: sql)
        }
        return first
    }

    /// Sends one buffer of COPY data; a blocking connection answers 1 or, when it broke, -1.
    private func send(_ bytes: [UInt8], sql: String) throws(PostgresError) {
        let sent = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { PQputCopyData(handle, $0.baseAddress, Int32($0.count)) }
        }
        guard sent == 1 else { throw Self.connectionError(handle, url, sql: sql) }
    }

    /// Sends what libpq holds of the COPY data; a blocking connection answers 0 once all is sent.
    private func flush(sql: String) throws(PostgresError) {
        guard PQflush(handle) == 0 else { throw Self.connectionError(handle, url, sql: sql) }
    }

    /// Throws for `result`, the answer to a `COPY` text that did not start a `COPY FROM STDIN`:
    /// the server's error, or a misuse for any other statement, which has run by then (a
    /// `COPY … TO STDOUT`'s rows are read and dropped first, so the connection is ready again).
    private func refuse(_ result: OpaquePointer, sql: String) throws(PostgresError) -> Never {
        if PQresultStatus(result) == PGRES_COPY_OUT {
            PQclear(result)
            var row: UnsafeMutablePointer<CChar>?
            // Ends when the server has sent every row (-1) or the connection fails (-2).
            while PQgetCopyData(handle, &row, 0) >= 0 { PQfreemem(row) }
            drainResults()
        } else {
            _ = try consume(result, sql: sql)
            drainResults()
        }
        throw .misuse("Only COPY … FROM STDIN can be given rows to copy.", sql: sql)
    }

    /// Reads and frees the results left on the connection, so the next command finds it ready.
    /// Bounded: libpq answers `NULL` once the command is done, or at once on a broken connection.
    private func drainResults() {
        while let result = PQgetResult(handle) { PQclear(result) }
    }
}
