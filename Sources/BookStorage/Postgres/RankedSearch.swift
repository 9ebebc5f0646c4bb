import BookCatalog
import Postgres

/// The PostgreSQL store's search statement: the first `limit` books matching a query, those with
/// every word in one column (title or authors) first, then by ratings count, then id.
///
/// No one plan suits every word. A common word ("the", a two-letter prefix) matches a large part
/// of the catalog: the GIN index finds every match, and sorting them all took 150 ms and more at
/// a million books, while walking `books_by_rank` in search order finds the first ten matches
/// within a few dozen entries. A rare word (a typo, a full surname) is the opposite: the walk
/// would read the whole index, the GIN index hands over its few rows at once. The planner cannot
/// choose well: it estimates a word it has no statistics for at 0.08% of the rows, so a typo made
/// it walk a million entries (1.2 s).
///
/// So the statement does both, in order, and stops early. It walks `books_by_rank` (from the
/// index alone where vacuum marked the pages all-visible) looking for one-column matches; when
/// it finds `limit` of them, they are the answer, as the walk goes in search order. The walk has
/// two stages. The first covers ``firstStage`` entries. If it found `limit`, it is done; if it
/// found some, their rate says how far the rest lie, and the second stage walks on to the
/// ``walkBudget`` only when that promises `limit` with a margin. Otherwise — none found, too
/// few, or the walk fell short — the words are rare among popular books, so probably rare: a
/// step gated on the walk's count (never run otherwise) collects every match in any column from
/// the GIN index, notes which are one-column matches, and sorts them. Without the first stage's
/// estimate, every rare query paid the whole budget first: 6 ms of walking at a million books.
///
/// The budget balances the two: a word that fills `limit` within `K` entries has about
/// `limit × books / K` matches, so with fetching a match costing `c` walked entries, the worst
/// case of both steps is smallest at `K = √(c × limit × books)` — 1,400 entries at 10,000
/// books, 14,000 at a million, each side a few milliseconds at most while the catalog fits in
/// `shared_buffers` (PostgreSQL's 128 MB default holds a catalog of about 200,000 books; beyond
/// that, rows come from the operating system's cache and each fetch costs more).
///
/// Which index entries the GIN step reads matters as much: a common prefix (`ve:*` in "quin
/// ve") expands to a tenth of the catalog before PostgreSQL intersects it with the other words,
/// 10–25 ms at a million books even when those words match nothing. So when the query has both
/// whole words and prefixes, the step first counts, among the 300 most popular entries, how
/// many match the whole words and how many the prefixes, and looks up only the whole words when
/// they are the rarer part. Every other condition is checked on the rows found, through the
/// function `ts_match_vq` rather than `@@`, so PostgreSQL never makes it an index condition.
///
/// The plan is the same for every word, so the statement is prepared and runs PostgreSQL's
/// generic plan (see ``PostgresBookStore/sessionSettings``). Parameters (see
/// ``parameters(for:limit:)``): `$1` the query with all words in the title or all in the
/// authors, `$2` the query in any column, `$3` the limit, `$4` its whole words alone and `$5`
/// its prefixes alone (`NULL` when it has none).
///
/// ```swift
/// guard let parameters = RankedSearch.parameters(for: query, limit: 10) else { return [] }
/// let books = try await database.query(RankedSearch.sql, parameters, PostgresBookStore.book(from:))
/// ```
enum RankedSearch {
    /// How much more one match costs to fetch through the GIN index (a random table row, its
    /// entry checked again) than one index entry costs to walk; measured here at about 20.
    static let fetchToWalkCost = 20

    /// The fewest entries a walk covers, so small catalogs are walked whole before the GIN step.
    static let minimumWalk = 1000

    /// The number of `books_by_rank` entries the walk covers, from the table's size as the
    /// statistics last saw it (`pg_class.reltuples`, -1 before the first `ANALYZE`).
    static let walkBudget = """
        SELECT greatest(\(minimumWalk), sqrt(\(fetchToWalkCost) * $3::int8 * greatest(reltuples, 0)))::int8 AS entries
        FROM pg_class WHERE oid = 'books'::regclass
        """

    /// The walk's first stage: this many entries, after which it goes on only if what it found
    /// there promises `limit` matches within the budget. Long enough that a word among one
    /// popular book in a hundred shows up, short enough to cost a rare query little (about 0.1 ms
    /// at 10,000 books, 0.25 ms at a million).
    static let firstStage = 500

    /// How many of the most popular entries the GIN step's choice of index entries samples.
    static let sampleSize = 300

    /// The statement's parameters for the first `limit` books matching `query`; `nil` when the
    /// query has no word an entry can hold.
    static func parameters(for query: BookQuery, limit: Int) -> [PostgresValue]? {
        guard let anyColumn = SearchIndex.query(query),
            let titleOnly = SearchIndex.query(query, weight: SearchIndex.titleWeight),
            let authorsOnly = SearchIndex.query(query, weight: SearchIndex.authorsWeight)
        else { return nil }
        let wholeWords = BookQuery(terms: query.terms.filter { !$0.isPrefix })
        let prefixes = BookQuery(terms: query.terms.filter(\.isPrefix))
        return [
            .text("(\(titleOnly)) | (\(authorsOnly))"), .text(anyColumn), .integer(Int64(limit)),
            PostgresValue(SearchIndex.query(wholeWords)), PostgresValue(SearchIndex.query(prefixes)),
        ]
    }

    /// The matches in any column the GIN index finds through the entries of `indexed`, each
    /// marked whether it is a one-column match, if `isChosen` (an SQL condition) holds and the
    /// walk fell short.
    private static func gathered(through indexed: String, if isChosen: String) -> String {
        """
        SELECT books.id, coalesce(books.ratings_count, 0) AS rank,
            ts_match_vq(books.search, $1::tsquery) AS one_column
        FROM books
        WHERE books.search @@ \(indexed) AND ts_match_vq(books.search, $2::tsquery)
            AND (SELECT count(*) FROM walked) < $3 AND \(isChosen)
        """
    }

    /// The first `limit` one-column matches among the `books_by_rank` entries `entries` picks.
    private static func walk(_ entries: String, if condition: String = "true", limit: String = "$3") -> String {
        """
        SELECT top.id, top.rank FROM (
            SELECT books.id, coalesce(books.ratings_count, 0) AS rank, books.search FROM books
            ORDER BY coalesce(books.ratings_count, 0) DESC, books.id
            \(entries)
        ) AS top
        WHERE ts_match_vq(top.search, $1::tsquery) AND \(condition)
        LIMIT \(limit)
        """
    }

    /// The statement; its columns are ``PostgresBookStore/selectColumns``, in search order.
    static let sql = """
        WITH budget AS MATERIALIZED (\(walkBudget)
        ), first_stage AS MATERIALIZED (
            \(walk("LIMIT \(firstStage)"))
        ), second_stage AS MATERIALIZED (
            \(walk(
                "OFFSET \(firstStage) LIMIT (SELECT greatest(entries - \(firstStage), 0) FROM budget)",
                if: "(SELECT \(promisesLimit) FROM first_stage)",
                limit: "$3 - (SELECT count(*) FROM first_stage)"))
        ), walked AS MATERIALIZED (
            SELECT id, rank FROM first_stage UNION ALL SELECT id, rank FROM second_stage
        ), sampled AS MATERIALIZED (
            SELECT count(*) FILTER (WHERE top.search @@ $4::tsquery) AS whole_words,
                count(*) FILTER (WHERE top.search @@ $5::tsquery) AS prefixes
            FROM (
                SELECT books.search FROM books ORDER BY coalesce(books.ratings_count, 0) DESC, books.id
                LIMIT \(sampleSize)
            ) AS top
            WHERE (SELECT count(*) FROM walked) < $3 AND $4::tsquery IS NOT NULL AND $5::tsquery IS NOT NULL
        ), gathered AS MATERIALIZED (
            \(gathered(through: "$4::tsquery", if: "(SELECT whole_words < prefixes FROM sampled)"))
            UNION ALL
            \(gathered(through: "$2::tsquery", if: "(SELECT whole_words >= prefixes FROM sampled)"))
        ), hits AS (
            SELECT id, rank, true AS one_column FROM walked WHERE (SELECT count(*) FROM walked) >= $3
            UNION ALL
            (SELECT id, rank, one_column FROM gathered ORDER BY one_column DESC, rank DESC, id LIMIT $3)
        )
        SELECT \(PostgresBookStore.selectColumns) FROM hits JOIN books ON books.id = hits.id
        ORDER BY hits.one_column DESC, hits.rank DESC, hits.id
        """

    /// Whether the first stage's matches, `m` of `limit` among ``firstStage`` entries, promise
    /// `limit` within the budget with a margin: `m × budget ≥ 1.5 × limit × firstStage`. None
    /// found means a rare query, all found means the walk is done.
    private static let promisesLimit = """
        count(*) BETWEEN 1 AND $3 - 1 AND 2 * count(*) * (SELECT entries FROM budget) >= 3 * $3 * \(firstStage)
        """
}
