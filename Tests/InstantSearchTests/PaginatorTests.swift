import ScoutModels
import Testing

@testable import InstantSearch

@Suite("Paginator", .timeLimit(.minutes(10)))
struct PaginatorTests {
    private func page(_ ids: [String], next: String?) -> SearchPage {
        SearchPage(items: ids.map { item($0.uppercased(), id: $0) }, nextCursor: next.map(SearchCursor.init))
    }

    @Test func firstLoadFetchesWithoutCursorAndOnlyOnce() {
        var paginator = Paginator()
        #expect(paginator.phase == .idle)
        #expect(paginator.loadNextPage() == .fetch(nil))
        #expect(paginator.phase == .loading(cursor: nil))
        #expect(paginator.isLoading)
        #expect(paginator.loadNextPage() == .none)
    }

    @Test func pagesAdvanceTheCursorUntilExhausted() {
        var paginator = Paginator()
        _ = paginator.loadNextPage()
        paginator.receive(page(["a", "b"], next: "2"))
        #expect(paginator.phase == .loaded(nextCursor: SearchCursor("2")))
        #expect(paginator.hasMore)
        #expect(paginator.loadNextPage() == .fetch(SearchCursor("2")))
        paginator.receive(page(["c"], next: nil))
        #expect(paginator.phase == .exhausted)
        #expect(!paginator.hasMore)
        #expect(paginator.loadNextPage() == .none)
        #expect(paginator.items.map(\.id) == ["a", "b", "c"])
        #expect(paginator.pagesLoaded == 2)
    }

    @Test func theTotalIsTheLastOneASourceGave() {
        var paginator = Paginator()
        #expect(paginator.total == nil)
        _ = paginator.loadNextPage()
        paginator.receive(SearchPage(items: [item("A", id: "a")], nextCursor: SearchCursor("2"), total: 3))
        #expect(paginator.total == 3)
        _ = paginator.loadNextPage()
        // A page that does not say keeps what the last one said.
        paginator.receive(SearchPage(items: [item("B", id: "b")], nextCursor: SearchCursor("3")))
        #expect(paginator.total == 3)
        _ = paginator.loadNextPage()
        paginator.receive(SearchPage(items: [item("C", id: "c")], nextCursor: nil, total: 4))
        #expect(paginator.total == 4)
    }

    @Test func theMissingWordsAreTheFirstPagesOwn() {
        var paginator = Paginator()
        #expect(paginator.missingWords.isEmpty)
        _ = paginator.loadNextPage()
        paginator.receive(
            SearchPage(items: [item("A", id: "a")], nextCursor: SearchCursor("2"), missingWords: ["zzyzx"]))
        #expect(paginator.missingWords == ["zzyzx"])
        _ = paginator.loadNextPage()
        paginator.receive(SearchPage(items: [item("B", id: "b")], nextCursor: nil))
        #expect(paginator.missingWords == ["zzyzx"])
    }

    @Test func duplicateIDsAcrossPagesAreDropped() {
        var paginator = Paginator()
        _ = paginator.loadNextPage()
        paginator.receive(page(["a", "b", "a"], next: "2"))
        _ = paginator.loadNextPage()
        let added = paginator.receive(page(["b", "c"], next: "3"))
        #expect(added.map(\.id) == ["c"])
        #expect(paginator.items.map(\.id) == ["a", "b", "c"])
    }

    @Test func failedPageKeepsItemsAndRetriesTheSameCursor() {
        var paginator = Paginator()
        _ = paginator.loadNextPage()
        paginator.receive(page(["a"], next: "2"))
        _ = paginator.loadNextPage()
        paginator.fail()
        #expect(paginator.phase == .failed(cursor: SearchCursor("2")))
        #expect(paginator.items.map(\.id) == ["a"])
        #expect(paginator.hasMore)
        #expect(paginator.loadNextPage() == .fetch(SearchCursor("2")))
        paginator.receive(page(["b"], next: nil))
        #expect(paginator.items.map(\.id) == ["a", "b"])
        #expect(paginator.phase == .exhausted)
    }

    @Test func eventsOutsideLoadingAreIgnored() {
        var paginator = Paginator()
        paginator.receive(page(["a"], next: "2"))
        paginator.fail()
        #expect(paginator == Paginator())
    }

    @Test func repeatedCursorEndsTheResults() {
        var paginator = Paginator()
        _ = paginator.loadNextPage()
        paginator.receive(page(["a"], next: "2"))
        _ = paginator.loadNextPage()
        paginator.receive(page(["b"], next: "2"))
        #expect(paginator.phase == .exhausted)
    }

    @Test(arguments: [nil, "7"])
    func resumesFromEarlierResults(next: String?) {
        var paginator = Paginator(
            items: [item("A", id: "a"), item("A", id: "a")], nextCursor: next.map(SearchCursor.init))
        #expect(paginator.items.map(\.id) == ["a"])
        #expect(paginator.hasMore == (next != nil))
        #expect(paginator.loadNextPage() == (next == nil ? .none : .fetch(SearchCursor("7"))))
    }
}
