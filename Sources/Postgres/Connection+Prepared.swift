internal import CLibPQ
import Foundation

/// Parameters encoded for libpq: each value as text (`nil` for `NULL`) and its type OID, in order.
struct BoundParameters {
    let texts: [String?]
    let types: [Oid]

    /// How many parameters, as libpq counts them.
    var count: Int32 { Int32(types.count) }

    /// Runs `body` with C copies of the values, freed afterwards.
    func withValues<T>(_ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
        try withCStrings(texts, body)
    }
}

extension Connection {
    /// `parameters` in text format with their types. Throws for text holding NUL.
    static func encode(_ parameters: [PostgresValue]) throws(PostgresError) -> BoundParameters {
        var texts: [String?] = []
        var types: [Oid] = []
        texts.reserveCapacity(parameters.count)
        types.reserveCapacity(parameters.count)
        for (offset, parameter) in parameters.enumerated() {
            let encoded = try parameter.encoded(position: offset + 1)
            texts.append(encoded.text)
            types.append(encoded.typeOID)
        }
        return BoundParameters(texts: texts, types: types)
    }

    /// Runs `sql` as a prepared statement, preparing it first if this session has not.
    ///
    /// A table changed under a prepared `SELECT *` makes PostgreSQL refuse the statement ("cached
    /// plan must not change result type", SQLSTATE 0A000), and `DISCARD ALL` run through
    /// ``executeScript(_:)`` removes it (26000): the statement is then forgotten and, outside a
    /// transaction (which that error has aborted), prepared again and run once more.
    func runPrepared(_ sql: String, _ bound: BoundParameters, isRetry: Bool = false) throws(PostgresError)
        -> QueryResult
    {
        let key = StatementCache.Key(sql: sql, types: bound.types)
        let name = try preparedName(for: key)
        let result = bound.withValues { PQexecPrepared(handle, name, bound.count, $0, nil, nil, 0) }
        do {
            return try consume(result, sql: sql)
        } catch let error where Self.meansStatementIsStale(error) {
            if let stale = statements.remove(key) { deallocate(stale) }
            guard !isRetry, PQtransactionStatus(handle) == PQTRANS_IDLE else { throw error }
            return try runPrepared(sql, bound, isRetry: true)
        }
    }

    /// Whether `error` says the prepared statement itself is unusable, not the values or data.
    private static func meansStatementIsStale(_ error: PostgresError) -> Bool {
        error.sqlState == "0A000" || error.sqlState == "26000"
    }

    /// The name `key` is prepared under in this session, preparing it now if needed.
    private func preparedName(for key: StatementCache.Key) throws(PostgresError) -> String {
        if let name = statements.name(for: key) { return name }
        deallocateUnused()
        let name = statements.makeName()
        _ = try consume(PQprepare(handle, name, key.sql, Int32(key.types.count), key.types), sql: key.sql)
        if let evicted = statements.add(key, name: name) { deallocate(evicted) }
        return name
    }

    /// Deallocates the statement `name`; in a failed transaction, which refuses every command,
    /// it is remembered and deallocated later. (Prepared statements are not transactional: a
    /// rollback keeps them, so neither way is undone.)
    private func deallocate(_ name: String) {
        unusedStatements.append(name)
        deallocateUnused()
    }

    /// Deallocates the statements left over, unless a failed transaction refuses commands now.
    private func deallocateUnused() {
        guard !unusedStatements.isEmpty, PQtransactionStatus(handle) != PQTRANS_INERROR else { return }
        // The names are this module's own (`scout_<number>`), never caller text.
        for name in unusedStatements { PQclear(PQexec(handle, "DEALLOCATE \(name)")) }
        unusedStatements.removeAll()
    }
}

/// Runs `body` with C copies of `strings` (`nil` stays a null pointer), freed afterwards.
func withCStrings<T>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) throws -> T) rethrows -> T {
    let copies = strings.map { $0.flatMap { strdup($0) } }
    defer { for copy in copies { free(copy) } }
    return try body(copies.map { $0.map { UnsafePointer($0) } })
}
