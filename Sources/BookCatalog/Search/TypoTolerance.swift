import Synchronization

/// Typo-tolerant search over any ``BookStore``: the exact query first, then, when that finds
/// fewer books than asked for, the query with each long enough word the catalog does not hold
/// widened to the indexed words within its typo budget (1 typo from 5 characters, 2 from 9;
/// see ``allowedTypos(in:)``), appending the books not found yet.
///
/// Results keep "match quality, then popularity": exact matches first; then books found with
/// at most one typo per word; then those needing two; each group in the store's order.
///
/// A store owns one (its dictionary cache belongs to that store) and delegates
/// ``BookStore/search(_:limit:)`` to it. The ``TermDictionary`` is built from
/// ``BookStore/searchTerms()`` on first need and rebuilt in the background when
/// ``BookStore/generation()`` changes (searches meanwhile use the previous one); concurrent
/// searches share one build.
///
/// ```swift
/// let typoTolerance = TypoTolerance()
/// let books = try await typoTolerance.search("hungr games", limit: 10, in: store)
/// ```
public final class TypoTolerance: Sendable {
    private let cache = Mutex(DictionaryCache())

    /// Makes one with an empty dictionary; it loads on first need.
    public init() {}

    /// Books for `text`, exact matches first, at most `limit`; `[]` when `text` has no words.
    ///
    /// ```swift
    /// try await typoTolerance.search("Les Miserbles", limit: 5, in: store)  // Les Misérables
    /// ```
    public func search(_ text: String, limit: Int, in store: some BookStore) async throws -> [Book] {
        guard let exact = SearchText.exactQuery(text), limit > 0 else { return [] }
        var books = try await store.search(exact, limit: limit)
        let budgets = exact.terms.map { Self.allowedTypos(in: $0.alternatives[0]) }
        guard books.count < limit, let mostTypos = budgets.max(), mostTypos > 0 else { return books }

        let dictionary = try await dictionary(for: store)
        let widening = Widening(exact, budgets: budgets, dictionary: dictionary)
        guard widening.widensAnything else { return books }
        var seen = Set(books.map(\.id))
        var previous = exact
        // One typo per word before two, so closer matches rank first.
        for typos in 1...mostTypos {
            let query = widening.query(allowingTypos: typos)
            guard query != previous else { continue }
            previous = query
            for book in try await store.search(query, limit: limit) where seen.insert(book.id).inserted {
                books.append(book)
            }
            // The widened query also finds the earlier books, and at most those many of its
            // first `limit` are old, so asking for `limit` always yields enough new ones.
            if books.count >= limit { break }
        }
        return Array(books.prefix(limit))
    }

    /// How many typos a query word may have: 0 below 5 characters and for numbers, 1 from 5,
    /// 2 from 9. Characters are counted in the folded word, as people see them.
    ///
    /// ```swift
    /// TypoTolerance.allowedTypos(in: "games")      // 1
    /// TypoTolerance.allowedTypos(in: "miserables") // 2
    /// TypoTolerance.allowedTypos(in: "19845")      // 0
    /// ```
    public static func allowedTypos(in word: String) -> Int {
        guard !word.allSatisfy(\.isNumber) else { return 0 }
        switch word.count {
        case 9...: return 2
        case 5...: return 1
        default: return 0
        }
    }

    /// The dictionary of `store` at its current generation, building it if needed.
    func dictionary(for store: some BookStore) async throws -> TermDictionary {
        let generation = try await store.generation()
        let build = cache.withLock { cache in cache.dictionaryOrBuild(at: generation, from: store) }
        switch build {
        case .ready(let dictionary):
            return dictionary
        case .stale(let dictionary, let started):
            if let (task, newer) = started {
                Task { [self] in
                    let built = try? await task.value
                    cache.withLock { $0.finish(task, at: newer, with: built) }
                }
            }
            return dictionary
        case .building(let task):
            do {
                let dictionary = try await task.value
                cache.withLock { $0.finish(task, at: generation, with: dictionary) }
                return dictionary
            } catch {
                cache.withLock { $0.finish(task, at: generation, with: nil) }
                throw error
            }
        }
    }
}
