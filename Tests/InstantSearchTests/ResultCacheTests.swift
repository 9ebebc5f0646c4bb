import ScoutModels
import Testing

@testable import InstantSearch

@Suite("Result cache and narrowing rule", .timeLimit(.minutes(10)))
struct ResultCacheTests {
    private func entry(_ text: String) -> CachedResults {
        CachedResults(query: try! SearchQuery(text), items: [item(text)], nextCursor: nil, suggestion: nil)
    }

    @Test func expiresAfterTimeToLive() {
        var cache = ResultCache(capacity: 4, timeToLive: .seconds(10))
        cache.insert(entry("cat"), now: .zero)
        #expect(cache.results(forKey: "cat", now: .seconds(9)) != nil)
        #expect(cache.results(forKey: "cat", now: .seconds(10)) == nil)
        #expect(cache.count == 0)
    }

    @Test func evictsTheLeastRecentlyUsed() {
        var cache = ResultCache(capacity: 2, timeToLive: .seconds(60))
        cache.insert(entry("a"), now: .zero)
        cache.insert(entry("b"), now: .zero)
        _ = cache.results(forKey: "a", now: .zero)
        cache.insert(entry("c"), now: .zero)
        #expect(cache.results(forKey: "b", now: .zero) == nil)
        #expect(cache.results(forKey: "a", now: .zero) != nil)
        #expect(cache.results(forKey: "c", now: .zero) != nil)
    }

    @Test func zeroCapacityStoresNothing() {
        var cache = ResultCache(capacity: 0, timeToLive: .seconds(60))
        cache.insert(entry("a"), now: .zero)
        #expect(cache.count == 0)
    }

    @Test func findsTheLongestRefinedQuery() throws {
        var cache = ResultCache(capacity: 4, timeToLive: .seconds(60))
        cache.insert(entry("c"), now: .zero)
        cache.insert(entry("ca"), now: .zero)
        cache.insert(entry("dog"), now: .zero)
        #expect(cache.longestRefined(by: try SearchQuery("Cat"), now: .zero)?.query.key == "ca")
        #expect(cache.longestRefined(by: try SearchQuery("ca"), now: .zero)?.query.key == "c")
        #expect(cache.longestRefined(by: try SearchQuery("ca"), now: .seconds(60)) == nil)
    }

    @Test(arguments: [
        ("cat", "Cat", true),
        ("cat", "Scat", false),
        ("cafe zu", "Café Zürich", true),
        ("zurich cafe", "Café Zürich", true),
        ("paul", "Jean-Paul Sartre", true),
        ("swift pro", "Swift (programming language)", true),
        ("swift (pro", "Swift (programming language)", true),
        ("swift go", "Swift (programming language)", false),
        ("ＣＡＴ", "cat", true),
    ])
    func narrowingKeepsTitlesWhoseWordsStartWithEveryToken(query: String, title: String, kept: Bool) throws {
        let narrowed = Narrowing.filter([item(title)], for: try SearchQuery(query))
        #expect(narrowed.isEmpty != kept)
    }
}
