import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Gives stored books the other keys of `aliases` (a key another book holds stays with it),
    /// counting aliases of books that are not stored as unmatched: one statement.
    static func write(aliases: [BookAlias], in tx: borrowing PostgresTransaction, into result: inout UpsertResult)
        throws
    {
        guard !aliases.isEmpty else { return }
        let sql = """
            WITH matched AS (
                SELECT known.book_id, input.alias_source, input.alias_source_id
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
                    AS input (source, source_id, alias_source, alias_source_id)
                JOIN book_keys AS known ON known.source = input.source AND known.source_id = input.source_id
            ), stored AS (
                INSERT INTO book_keys (source, source_id, book_id)
                SELECT alias_source, alias_source_id, book_id FROM matched
                ON CONFLICT DO NOTHING RETURNING book_id
            )
            SELECT (SELECT count(*) FROM matched), (SELECT string_agg(DISTINCT book_id::text, ',') FROM stored)
            """
        let parameters = keyArrays(aliases.map(\.book)) + keyArrays(aliases.map(\.alias))
        try count(sql, parameters, of: aliases.count, in: tx, into: &result)
    }

    /// Stores `relations` between stored books, replacing the score and reason of one already
    /// stored for the same books and kind (the last of a batch wins); relations naming a book
    /// that is not stored are unmatched: one statement.
    static func write(
        relations: [KeyedRelation], in tx: borrowing PostgresTransaction, into result: inout UpsertResult
    ) throws {
        guard !relations.isEmpty else { return }
        let sql = """
            WITH matched AS (
                SELECT source.book_id AS from_id, target.book_id AS to_id, input.kind, input.score, input.reason
                FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::text[])
                    AS input (from_source, from_source_id, to_source, to_source_id, kind, score, reason)
                JOIN book_keys AS source
                    ON source.source = input.from_source AND source.source_id = input.from_source_id
                JOIN book_keys AS target ON target.source = input.to_source AND target.source_id = input.to_source_id
            ), stored AS (
                INSERT INTO relations (from_id, to_id, kind, score, reason) SELECT * FROM matched
                ON CONFLICT (from_id, to_id, kind) DO UPDATE SET score = excluded.score, reason = excluded.reason
                RETURNING from_id
            )
            SELECT (SELECT count(*) FROM matched), (SELECT string_agg(DISTINCT from_id::text, ',') FROM stored)
            """
        // One statement may not update a row twice: the last relation of the same books and kind wins.
        var last: [KeyedRelationIdentity: KeyedRelation] = [:]
        for relation in relations { last[KeyedRelationIdentity(relation)] = relation }
        let unique = relations.filter { last[KeyedRelationIdentity($0)] == $0 }
        let parameters =
            keyArrays(unique.map(\.from)) + keyArrays(unique.map(\.to)) + [
                .textArray(unique.map(\.kind.rawValue)), .realArray(unique.map(\.score)),
                .textArray(unique.map(\.reason)),
            ]
        try count(sql, parameters, of: unique.count, in: tx, into: &result)
    }
}

/// The books and kind a relation is stored under.
private struct KeyedRelationIdentity: Hashable {
    let from: BookKey
    let to: BookKey
    let kind: Relation.Kind

    init(_ relation: KeyedRelation) {
        (from, to, kind) = (relation.from, relation.to, relation.kind)
    }
}
