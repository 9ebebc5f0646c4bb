/// The statements one connection has prepared, by SQL text and parameter types: bookkeeping only,
/// ``Connection`` prepares and deallocates.
///
/// A statement run again through its prepared name skips PostgreSQL's parsing and analysis, and
/// once PostgreSQL settles on a generic plan for it (after five runs, if that plan costs no more
/// than the plans made for each call's values), planning too: for a short indexed query that is most of
/// the server's work. Only the `capacity` most recently used statements are kept, so SQL built
/// with varying text cannot fill the server's memory; ``add(_:name:)`` says which to deallocate.
///
/// ```swift
/// var cache = StatementCache(capacity: 2)
/// let key = StatementCache.Key(sql: "SELECT $1::int8", types: [20])
/// if cache.name(for: key) == nil {
///     let name = cache.makeName()  // prepare the statement as `name`, then:
///     let evicted = cache.add(key, name: name)  // deallocate `evicted`, if any
/// }
/// ```
struct StatementCache {
    /// What makes two statements the same to PostgreSQL: the text and the parameter types it was
    /// prepared with (a parameter bound as `NULL` leaves its type to the server, one bound as a
    /// `bigint` does not, and the two may parse differently).
    struct Key: Hashable {
        let sql: String
        let types: [UInt32]
    }

    /// How many statements stay prepared at most.
    let capacity: Int
    private var entries: [Key: (name: String, lastUse: UInt64)] = [:]
    private var uses: UInt64 = 0
    private var namesMade = 0

    /// An empty cache that keeps at most `capacity` statements (at least one).
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// How many statements are prepared.
    var count: Int { entries.count }

    /// The prepared name of `key`, marked as just used; `nil` when it is not prepared.
    mutating func name(for key: Key) -> String? {
        guard let entry = entries[key] else { return nil }
        uses += 1
        entries[key] = (entry.name, uses)
        return entry.name
    }

    /// A statement name this cache never gave before: `scout_1`, `scout_2`, …
    mutating func makeName() -> String {
        namesMade += 1
        return "scout_\(namesMade)"
    }

    /// Records `key` as prepared under `name` and forgets the least recently used statement when
    /// that makes one too many: returns its name, for the caller to deallocate.
    mutating func add(_ key: Key, name: String) -> String? {
        uses += 1
        entries[key] = (name, uses)
        guard entries.count > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else {
            return nil
        }
        entries[oldest.key] = nil
        return oldest.value.name
    }

    /// Forgets `key` and returns its name, for a statement the server no longer holds or can no
    /// longer run as prepared.
    mutating func remove(_ key: Key) -> String? {
        entries.removeValue(forKey: key)?.name
    }

    /// Forgets every statement: a new session (after a reconnect) holds none.
    mutating func removeAll() {
        entries.removeAll()
    }

    /// Whether `sql` is worth preparing: a query or data change (`SELECT`, `INSERT`, `UPDATE`,
    /// `DELETE`, `WITH`, `VALUES`, `TABLE`), the statements that run over and over. Commands such
    /// as `CREATE DATABASE name` carry their arguments in the text and would only crowd the cache.
    ///
    /// ```swift
    /// StatementCache.isWorthPreparing("SELECT id FROM books WHERE id = $1")  // true
    /// StatementCache.isWorthPreparing("DROP DATABASE scratch")  // false
    /// ```
    static func isWorthPreparing(_ sql: String) -> Bool {
        let start = sql.drop { $0.isWhitespace || $0 == "(" }
        let keyword = start.prefix { $0.isLetter }.lowercased()
        return ["select", "insert", "update", "delete", "with", "values", "table"].contains(keyword)
    }
}
