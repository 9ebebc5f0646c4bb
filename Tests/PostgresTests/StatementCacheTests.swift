import Testing

@testable import Postgres

/// The prepared-statement bookkeeping, without a server.
@Suite("Prepared statement cache", .timeLimit(.minutes(10)))
struct StatementCacheTests {
    private func key(_ sql: String, _ types: [UInt32] = []) -> StatementCache.Key {
        StatementCache.Key(sql: sql, types: types)
    }

    @Test func aStatementIsFoundByTextAndParameterTypes() {
        var cache = StatementCache(capacity: 4)
        #expect(cache.name(for: key("SELECT $1", [20])) == nil)
        let name = cache.makeName()
        #expect(cache.add(key("SELECT $1", [20]), name: name) == nil)
        #expect(cache.name(for: key("SELECT $1", [20])) == name)
        // The same text with a parameter of another type parses differently: another statement.
        #expect(cache.name(for: key("SELECT $1", [0])) == nil)
    }

    @Test func theLeastRecentlyUsedStatementMakesRoomAndNamesAreNeverReused() {
        var cache = StatementCache(capacity: 2)
        let first = cache.makeName()
        _ = cache.add(key("a"), name: first)
        let second = cache.makeName()
        _ = cache.add(key("b"), name: second)
        _ = cache.name(for: key("a"))  // "b" is now the least recently used
        let third = cache.makeName()
        #expect(cache.add(key("c"), name: third) == second)
        #expect(cache.count == 2 && cache.name(for: key("b")) == nil && cache.name(for: key("a")) == first)
        #expect(Set([first, second, third]).count == 3)
        #expect(cache.remove(key("a")) == first && cache.name(for: key("a")) == nil)
        cache.removeAll()
        #expect(cache.count == 0)
    }

    @Test(arguments: [
        ("SELECT id FROM books WHERE id = $1", true), ("  with x AS (SELECT 1) SELECT * FROM x", true),
        ("(SELECT 1) UNION (SELECT 2)", true), ("INSERT INTO t VALUES ($1)", true), ("update t SET a = 1", true),
        ("DELETE FROM t", true), ("CREATE DATABASE scratch", false), ("DROP DATABASE x", false),
        ("VACUUM books", false), ("BEGIN", false), ("", false),
    ])
    func onlyQueriesAndDataChangesArePrepared(sql: String, isPrepared: Bool) {
        #expect(StatementCache.isWorthPreparing(sql) == isPrepared)
    }
}
