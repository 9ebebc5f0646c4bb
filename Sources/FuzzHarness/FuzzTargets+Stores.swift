#if DEBUG
    import BookCatalog
    import BookStorage
    import Foundation
    import Postgres
    import SQLite
    import Synchronization

    extension FuzzTargets {
        /// Both stores' query builders (FTS5 `MATCH`, `tsquery`): no query text is an error, and
        /// every book the exact query finds holds each typed word (the `LIKE` oracle over the
        /// folded title and authors). The typo-tolerant search never fails either. PostgreSQL
        /// joins when `SCOUT_TEST_POSTGRES_URL` names a server.
        static let storeSearch = FuzzTarget("store-search") { data in
            let raw = text(data)
            var problems: [String] = []
            for (name, store) in SearchShelf.stores {
                let outcome = blocking { () async throws -> [Book] in
                    _ = try await store.search(raw, limit: 20)
                    guard let query = SearchText.exactQuery(raw) else { return [] }
                    return try await store.search(query, limit: 200)
                }
                switch outcome {
                case .failure(let error): problems.append("\(name) failed on \(raw.debugDescription): \(error)")
                case .success(let books):
                    let words = SearchText.words(in: raw)
                    for book in books {
                        let held = ([book.title] + book.authors).flatMap(SearchText.words(in:)).joined(separator: " ")
                        problems += check(
                            words.allSatisfy(held.contains), "\(name): \(book.title) does not hold \(words)")
                    }
                }
            }
            return problems
        }
    }

    /// The stores the search target queries, each holding the same small shelf: titles with
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

        static let stores: [(String, any BookStore)] = {
            var stores: [(String, any BookStore)] = []
            if case .success(let sqlite) = blocking({ () async throws -> any BookStore in
                let store = try await SQLiteBookStore(database: try await Database(path: ":memory:"))
                _ = try await store.upsert(books)
                return store
            }) {
                stores.append(("SQLite", sqlite))
            }
            if let server = ProcessInfo.processInfo.environment["SCOUT_TEST_POSTGRES_URL"],
                case .success(let postgres) = blocking({ () async throws -> any BookStore in
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
                })
            {
                stores.append(("PostgreSQL", postgres))
            }
            return stores
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
