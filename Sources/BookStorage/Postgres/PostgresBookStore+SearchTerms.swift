import BookCatalog
import Postgres

extension PostgresBookStore {
    /// Version 3: `search_terms`, every word of the search index with the number of books that
    /// hold it, kept by statement triggers on `books` in the writing transaction. Typo tolerance
    /// loads its dictionary from it (``searchTerms()``): reading 20,000 rows takes milliseconds,
    /// where collecting the distinct words of a million `search` entries took 1.4 s, and the
    /// dictionary is rebuilt after every change to the catalog.
    ///
    /// The triggers see each statement's rows as transition tables, so an import batch costs one
    /// grouped upsert, not one per book. An update subtracts the old rows' words and adds the new
    /// rows'; words whose count nets to zero are left alone, and a word no book holds any more
    /// is deleted (through a partial index, so the delete never scans the table).
    static let searchTermsMigration = PostgresMigration(
        version: 3,
        sql: """
            CREATE TABLE search_terms (term text COLLATE "C" PRIMARY KEY, book_count bigint NOT NULL);
            CREATE INDEX search_terms_unused ON search_terms (term) WHERE book_count <= 0;
            INSERT INTO search_terms (term, book_count) \(countedTerms(in: "books"));

            \(countSearchTermsFunction(idleWhen: "false"))

            CREATE TRIGGER search_terms_after_insert AFTER INSERT ON books
                REFERENCING NEW TABLE AS new_books FOR EACH STATEMENT EXECUTE FUNCTION count_search_terms();
            CREATE TRIGGER search_terms_after_update AFTER UPDATE ON books
                REFERENCING OLD TABLE AS old_books NEW TABLE AS new_books
                FOR EACH STATEMENT EXECUTE FUNCTION count_search_terms();
            CREATE TRIGGER search_terms_after_delete AFTER DELETE ON books
                REFERENCING OLD TABLE AS old_books FOR EACH STATEMENT EXECUTE FUNCTION count_search_terms();
            """)

    /// The trigger function behind the three triggers, doing nothing while the SQL condition
    /// `idle` holds (version 10 defers the counts of bulk imports, see ``deferredTermsMigration``).
    /// After an insert only counts grow, so only an update or a delete looks for words no book
    /// holds any more.
    static func countSearchTermsFunction(idleWhen idle: String) -> String {
        """
        CREATE OR REPLACE FUNCTION count_search_terms() RETURNS trigger LANGUAGE plpgsql AS $function$
        BEGIN
            IF \(idle) THEN
                RETURN NULL;
            END IF;
            IF TG_OP = 'INSERT' THEN
                INSERT INTO search_terms (term, book_count) \(countedTerms(in: "new_books"))
                ON CONFLICT (term) DO UPDATE SET book_count = search_terms.book_count + excluded.book_count;
                RETURN NULL;
            ELSIF TG_OP = 'UPDATE' THEN
                INSERT INTO search_terms (term, book_count)
                SELECT term, sum(change) FROM (
                    SELECT entry.term, -1 AS change FROM old_books, unnest(tsvector_to_array(old_books.search)) AS entry (term)
                    UNION ALL
                    SELECT entry.term, 1 FROM new_books, unnest(tsvector_to_array(new_books.search)) AS entry (term)
                ) AS changes GROUP BY term HAVING sum(change) <> 0
                ON CONFLICT (term) DO UPDATE SET book_count = search_terms.book_count + excluded.book_count;
            ELSE
                UPDATE search_terms SET book_count = search_terms.book_count - gone.book_count
                FROM (\(countedTerms(in: "old_books"))) AS gone (term, book_count)
                WHERE search_terms.term = gone.term;
            END IF;
            DELETE FROM search_terms WHERE book_count <= 0;
            RETURN NULL;
        END
        $function$;
        """
    }

    /// `SELECT term, count` of every word in the `search` entries of `table`.
    static func countedTerms(in table: String) -> String {
        """
        SELECT entry.term, count(*) FROM \(table), unnest(tsvector_to_array(\(table).search)) AS entry (term) \
        GROUP BY entry.term
        """
    }

    /// Every distinct word the search index holds, in byte order: from `search_terms`, or from
    /// the books' entries while a bulk import defers the counts (see ``deferredTermsMigration``),
    /// decided in the same statement, so in the same snapshot as the words.
    ///
    /// ```swift
    /// let words = try await store.searchTerms()
    /// ```
    public func searchTerms() async throws -> [String] {
        try await storeWork {
            try await database.query(Self.searchTermsSQL) { row in try row.string(0) }
        }
    }

    /// Only one branch runs: the planner evaluates the mark once and skips the other.
    private static let searchTermsSQL = """
        SELECT term FROM search_terms WHERE NOT (SELECT search_terms_stale FROM catalog_state)
        UNION ALL
        SELECT DISTINCT entry.term COLLATE "C" FROM books, unnest(tsvector_to_array(books.search)) AS entry (term)
        WHERE (SELECT search_terms_stale FROM catalog_state)
        ORDER BY term
        """

    /// A sentence when `search_terms` disagrees with the words of the books' search entries.
    /// Says nothing while the counts are deferred: they are stale by design then, and an
    /// import's last batch counts them again.
    func searchTermProblems() async throws -> [String] {
        let stale = try await database.query("SELECT search_terms_stale FROM catalog_state") { try $0.bool(0) }
        guard stale.first != true else { return [] }
        let counted = Self.countedTerms(in: "books")
        let differing = try await database.query(
            """
            SELECT count(*) FROM (
                (SELECT term, book_count FROM search_terms EXCEPT \(counted))
                UNION ALL
                (\(counted) EXCEPT SELECT term, book_count FROM search_terms)
            ) AS differing
            """
        ) { try $0.int(0) }
        guard let count = differing.first, count > 0 else { return [] }
        return [
            "The search_terms table disagrees with the books' search entries on \(count) word(s): rebuild it with "
                + "BEGIN; DELETE FROM search_terms; INSERT INTO search_terms (term, book_count) \(counted); COMMIT;"
        ]
    }
}
