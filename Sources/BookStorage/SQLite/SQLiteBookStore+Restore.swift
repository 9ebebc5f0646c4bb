import BookCatalog
import SQLite

extension SQLiteBookStore {
    /// Gives stored books the other keys of `aliases` (a key another book holds stays with it),
    /// counting aliases of books that are not stored as unmatched.
    static func write(aliases: [BookAlias], in tx: borrowing Transaction, into result: inout UpsertResult) throws {
        for alias in aliases {
            guard let id = try id(of: alias.book, in: tx) else {
                result.unmatched += 1
                continue
            }
            try insert(keys: [alias.alias], of: id, in: tx)
        }
    }

    /// Stores `relations` between stored books, replacing the score and reason of one already
    /// stored for the same books and kind; relations naming a book that is not stored are
    /// unmatched.
    static func write(relations: [KeyedRelation], in tx: borrowing Transaction, into result: inout UpsertResult)
        throws
    {
        let upsert = """
            INSERT INTO relations (from_id, to_id, kind, score, reason) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT (from_id, to_id, kind) DO UPDATE SET score = excluded.score, reason = excluded.reason
            """
        for relation in relations {
            guard let from = try id(of: relation.from, in: tx), let to = try id(of: relation.to, in: tx) else {
                result.unmatched += 1
                continue
            }
            try tx.execute(
                upsert,
                [
                    .integer(from), .integer(to), .text(relation.kind.rawValue), .real(relation.score),
                    .text(relation.reason),
                ])
        }
    }
}
