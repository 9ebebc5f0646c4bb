#if DEBUG
    import BookCatalog
    import BookStorage
    import Foundation
    import Postgres
    import SQLite
    import Synchronization

    extension FuzzTargets {
        /// Both stores' query builders (FTS5 `MATCH`, `tsquery`), a target per store so each can
        /// run its million inputs at its own pace (PostgreSQL answers over a socket): no query
        /// text is an error, and every book the exact query finds holds each typed word (the
        /// `LIKE` oracle over the folded title and authors; each word of the query searched, the
        /// first ``SearchText/maximumQueryWords``), and the ``CandidateIndex`` in memory finds the
        /// same books in the same order. The typo-tolerant search never fails either. The PostgreSQL target needs `SCOUT_TEST_POSTGRES_URL` to name a server
        /// (`scripts/with-postgres.sh`); without one it has no store to check.
        static let storeSearch = searchTarget("store-search", storeName: "SQLite") { SearchShelf.sqlite }
        static let postgresSearch = searchTarget("store-search-postgres", storeName: "PostgreSQL") {
            SearchShelf.postgres
        }

        private static func searchTarget(
            _ name: String, storeName: String, store shelf: @escaping @Sendable () -> Result<any BookStore, any Error>?
        ) -> FuzzTarget {
            FuzzTarget(name) { data in
                let store: any BookStore
                switch shelf() {
                case nil: return []
                case .failure(let error): return ["the \(storeName) store could not be set up: \(error)"]
                case .success(let ready): store = ready
                }
                let raw = text(data)
                let outcome = blocking { () async throws -> (terms: [[String]], books: [Book], indexed: [Int64]) in
                    _ = try await store.search(raw, limit: 20)
                    guard let query = SearchText.exactQuery(raw) else { return ([], [], []) }
                    let index = try CandidateIndex(try await store.searchEntries())
                    return (
                        query.terms.map(\.alternatives), try await store.search(query, limit: 200),
                        index.search(query, limit: 200).map(\.id)
                    )
                }
                switch outcome {
                case .failure(let error): return ["\(storeName) failed on \(raw.debugDescription): \(error)"]
                case .success(let (terms, books, indexed)):
                    let sameAsIndex = check(
                        indexed == books.map(\.id),
                        "\(storeName) found \(books.map(\.id)) for \(raw.debugDescription), the index \(indexed)")
                    return sameAsIndex
                        + books.flatMap { book in
                            // The words of its title and authors, and of their other forms (Hangul's
                            // letters, readings): each term's words are found among them.
                            let texts = [book.title] + book.authors
                            let forms = texts.flatMap { text in
                                SearchText.readingForms(of: text, readings: book.textReadings).flatMap {
                                    $0.words.map(\.folded)
                                }
                            }
                            let held = (texts.flatMap { SearchText.indexTokens(in: $0).map(\.folded) } + forms)
                                .joined(separator: " ")
                            return check(
                                terms.allSatisfy { $0.contains(where: held.contains) },
                                "\(storeName): \(book.title) does not hold \(terms)")
                        }
                }
            }
        }
    }

    /// The stores the search targets query, each holding the same small shelf: titles with
    /// query syntax, diacritics, full-width Latin and CJK.
    enum SearchShelf {
        static let books: [Book] = [
            ("1", "The Hunger Games", "Suzanne Collins"), ("2", "Les Misérables", "Victor Hugo"),
            ("3", "AND OR NOT NEAR(\"x\") *", "Q. \"Quote\" O'Brien"), ("4", "ＯＮＥ ＰＩＥＣＥ", "尾田栄一郎"),
            ("5", "ノルウェイの森", "村上春樹"), ("6", "채식주의자", "한강"), ("7", "红楼梦", "曹雪芹"),
            ("8", "C++ & C#: -1 + {braces} [brackets]", "Ada Lovelace"), ("9", "Zürich ß ǅ ﬁ", "Ödön von Horváth"),
        ].map { id, title, author in
            Book(source: "fuzz", sourceID: id, title: title, authors: [author], ratingsCount: Int(id) ?? 0)
        }

        static let sqlite: Result<any BookStore, any Error>? = blocking { () async throws -> any BookStore in
            let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
            _ = try await store.upsert(books)
            return store
        }

        /// nil when no PostgreSQL server is named.
        static let postgres: Result<any BookStore, any Error>? = {
            guard let server = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"] else { return nil }
            return blocking { () async throws -> any BookStore in
                // A database of this process's own on the throwaway test server.
                let name = "scout_fuzz_\(getpid())"
                let admin = try await PostgresDatabase(url: try PostgresURL(server))
                try await admin.execute("DROP DATABASE IF EXISTS \(name)")
                try await admin.execute("CREATE DATABASE \(name)")
                guard var url = URLComponents(string: server) else { throw URLError(.badURL) }
                url.path = "/" + name
                let store = try await PostgresBookStore(url: url.string ?? server)
                _ = try await store.upsert(books)
                return store
            }
        }()
    }

    /// Runs `body` to its end from synchronous code (a fuzz callback), on the concurrency pool.
    func blocking<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0! }
    }
#endif
