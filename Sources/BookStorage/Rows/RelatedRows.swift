import BookCatalog

/// A related list as both stores give it: one row per book, never the book asked about.
///
/// The stores select, for the first `limit` books (ordered by their strongest relation: kind,
/// then score, then id), every relation to each, strongest first; ``oneRowPerBook(_:)`` folds
/// each book's rows into its first, with every reason, so a book related in two ways shows
/// once: "same series: The Hunger Games #2; 12 % of readers who loved this also loved that".
///
/// ```swift
/// let related = RelatedRows.oneRowPerBook(rows)
/// ```
enum RelatedRows {
    /// What joins the reasons of one book's relations.
    static let reasonSeparator = "; "

    /// `rows` (a book's rows next to each other, its strongest first) as one per book: the
    /// first row's relation with the distinct reasons of all, in order.
    static func oneRowPerBook(_ rows: [RelatedBook]) -> [RelatedBook] {
        var result: [RelatedBook] = []
        var reasons: [String] = []
        for row in rows {
            if let last = result.last, last.book.id == row.book.id {
                if !reasons.contains(row.relation.reason) { reasons.append(row.relation.reason) }
                result[result.count - 1].relation.reason = reasons.joined(separator: reasonSeparator)
            } else {
                result.append(row)
                reasons = [row.relation.reason]
            }
        }
        return result
    }

    /// The statement's common part, over `wanted` (the relations asked for, each with its
    /// `kind_rank`): the first `limit` books by their strongest relation, then every relation to
    /// each, in list order. `limit` is the SQL of its parameter.
    static func chosenBooks(limit: String, selectColumns: String) -> String {
        """
        firsts AS (
            SELECT to_id, kind_rank, score,
                row_number() OVER (PARTITION BY to_id ORDER BY kind_rank, score DESC) AS nth
            FROM wanted
        ), chosen AS (
            SELECT to_id, kind_rank, score FROM firsts WHERE nth = 1 ORDER BY kind_rank, score DESC, to_id
            LIMIT \(limit)
        )
        SELECT \(selectColumns), wanted.kind AS relation_kind, wanted.score AS relation_score,
            wanted.reason AS relation_reason
        FROM chosen JOIN wanted ON wanted.to_id = chosen.to_id JOIN books ON books.id = chosen.to_id
        ORDER BY chosen.kind_rank, chosen.score DESC, chosen.to_id, wanted.kind_rank, wanted.score DESC
        """
    }
}
