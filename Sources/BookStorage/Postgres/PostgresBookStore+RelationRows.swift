import BookCatalog
import Postgres

extension PostgresBookStore {
    /// A relation's identity in `relations`: its primary key.
    private struct RelationKey: Hashable {
        let from: Int64
        let to: Int64
        let kind: Relation.Kind
    }

    /// `relations` with each key (from, to, kind) once, at its first place with its last value,
    /// as one `INSERT … ON CONFLICT DO UPDATE` row by row would leave them.
    static func lastOfEachKey(_ relations: [Relation]) -> [Relation] {
        var placeOfKey: [RelationKey: Int] = [:]
        placeOfKey.reserveCapacity(relations.count)
        var kept: [Relation] = []
        kept.reserveCapacity(relations.count)
        for relation in relations {
            let key = RelationKey(from: relation.from, to: relation.to, kind: relation.kind)
            if let place = placeOfKey[key] {
                kept[place] = relation
            } else {
                placeOfKey[key] = kept.count
                kept.append(relation)
            }
        }
        return kept
    }

    /// Stores `relations` (each key once) by `COPY` into `table` (`relations`, or the fresh
    /// table of a swap): into it directly when `meetsNoStoredRow` (no row of it has one of
    /// their keys), else into a staging table emptied before each use and at commit, then
    /// upserted from it in one statement (which needs `table`'s primary key).
    static func copy(
        relations: [Relation], meetsNoStoredRow: Bool, into table: String = "relations",
        in tx: borrowing PostgresTransaction
    ) throws {
        guard !relations.isEmpty else { return }
        let columns: [PostgresValue] = [
            .integerArray(relations.map(\.from)), .integerArray(relations.map(\.to)),
            .textArray(relations.map(\.kind.rawValue)), .realArray(relations.map(\.score)),
            .textArray(relations.map(\.reason.withoutNUL)),
        ]
        guard !meetsNoStoredRow else {
            try tx.copy("COPY \(table) (from_id, to_id, kind, score, reason) FROM STDIN", columns: columns)
            return
        }
        // Made once per session (a reconnect makes it again); its rows go at each commit.
        try tx.execute(
            """
            CREATE TEMPORARY TABLE IF NOT EXISTS relation_rows
                (from_id bigint, to_id bigint, kind text, score double precision, reason text) ON COMMIT DELETE ROWS
            """)
        // Emptied first: a streamed replacement stages several chunks in one transaction.
        try tx.execute("TRUNCATE relation_rows")
        try tx.copy("COPY relation_rows (from_id, to_id, kind, score, reason) FROM STDIN", columns: columns)
        try tx.execute(
            """
            INSERT INTO \(table) (from_id, to_id, kind, score, reason) SELECT * FROM relation_rows
            ON CONFLICT (from_id, to_id, kind) DO UPDATE SET score = excluded.score, reason = excluded.reason
            """)
    }
}
