internal import CLibPQ

/// What one statement returned, copied out of its `PGresult` before that is cleared.
struct QueryResult {
    /// The rows, for a query.
    let rows: [PostgresRow]
    /// How many rows an `INSERT`, `UPDATE`, `DELETE` (or `SELECT`) touched.
    let affectedRows: Int
    /// The command tag's first word, such as `"INSERT"` or `"COMMIT"`.
    let command: String

    /// Copies every value of `result` as text (the format this module asks for).
    init(copying result: OpaquePointer) {
        let columnCount = PQnfields(result)
        let columns = ColumnNames((0..<columnCount).map { PQfname(result, $0).map { String(cString: $0) } ?? "" })
        var rows: [PostgresRow] = []
        let rowCount = PQntuples(result)
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [String?] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                guard PQgetisnull(result, row, column) == 0, let text = PQgetvalue(result, row, column) else {
                    values.append(nil)
                    continue
                }
                let bytes = UnsafeRawBufferPointer(start: text, count: Int(PQgetlength(result, row, column)))
                values.append(String(decoding: bytes, as: UTF8.self))
            }
            rows.append(PostgresRow(values: values, columns: columns))
        }
        self.rows = rows
        self.affectedRows = PQcmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
        let status = PQcmdStatus(result).map { String(cString: $0) } ?? ""
        self.command = String(status.prefix { $0 != " " })
    }
}
