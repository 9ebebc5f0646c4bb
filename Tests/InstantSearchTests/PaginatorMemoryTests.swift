import Foundation
import ScoutModels
import Testing

@testable import InstantSearch

/// Pages far behind are released past ``Paginator/maxRetainedItems``; everything else about
/// paging holds as without a bound.
@Suite("Paginator memory bound", .timeLimit(.minutes(10)))
struct PaginatorMemoryTests {
    static func page(_ ids: ClosedRange<Int>, next: String?) -> SearchPage {
        SearchPage(
            items: ids.map {
                SearchItem(
                    id: "\($0)", title: "Photo \($0)", description: nil, thumbnail: nil,
                    link: URL(string: "https://example.org/\($0)")!, source: .commons)
            },
            nextCursor: next.map(SearchCursor.init))
    }

    /// Loads pages of ten (ids 1…10, 11…20, …) until `count` pages are in.
    static func loaded(pages count: Int, bound: Int?) -> Paginator {
        var paginator = Paginator(maxRetainedItems: bound)
        for number in 0..<count {
            guard case .fetch = paginator.loadNextPage() else { break }
            paginator.receive(page((number * 10 + 1)...(number * 10 + 10), next: "\((number + 1) * 10)"))
        }
        return paginator
    }

    @Test("without a bound nothing is released")
    func unbounded() {
        let paginator = Self.loaded(pages: 8, bound: nil)
        #expect(paginator.items.count == 80)
        #expect(paginator.releasedPages.isEmpty)
        #expect(paginator.releasedItemCount == 0)
    }

    @Test("past the bound the oldest whole pages go, with their cursors kept to fetch again")
    func releasesOldestPages() {
        let paginator = Self.loaded(pages: 5, bound: 25)
        #expect(paginator.items.map(\.id) == (31...50).map(String.init))
        #expect(paginator.releasedPages.map(\.cursor) == [nil, SearchCursor("10"), SearchCursor("20")])
        #expect(paginator.releasedPages.map(\.itemCount) == [10, 10, 10])
        #expect(paginator.releasedItemCount == 30)
        #expect(paginator.pagesLoaded == 5)
        #expect(paginator.nextCursor == SearchCursor("50"))
    }

    @Test("the newest page stays even when it alone is over the bound")
    func newestPageStays() {
        let paginator = Self.loaded(pages: 3, bound: 4)
        #expect(paginator.items.map(\.id) == (21...30).map(String.init))
        #expect(paginator.releasedItemCount == 20)
    }

    @Test("a released item repeated by a later page is still not shown twice")
    func dedupeAcrossReleased() {
        var paginator = Self.loaded(pages: 3, bound: 10)
        #expect(paginator.loadNextPage() == .fetch(SearchCursor("30")))
        let added = paginator.receive(Self.page(5...14, next: nil))
        #expect(added.isEmpty)
        #expect(paginator.phase == .exhausted)
        #expect(paginator.items.map(\.id) == (21...30).map(String.init))
    }

    @Test("a failed page keeps what is retained; the retry fetches the same cursor once")
    func failureKeepsRetained() {
        var paginator = Self.loaded(pages: 4, bound: 20)
        #expect(paginator.loadNextPage() == .fetch(SearchCursor("40")))
        #expect(paginator.loadNextPage() == .none)
        paginator.fail()
        #expect(paginator.items.map(\.id) == (21...40).map(String.init))
        #expect(paginator.loadNextPage() == .fetch(SearchCursor("40")))
        paginator.receive(Self.page(41...50, next: nil))
        #expect(paginator.items.map(\.id) == (31...50).map(String.init))
        #expect(paginator.releasedItemCount == 30)
        #expect(paginator.loadNextPage() == .none)
    }

    @Test("released and retained items together are every distinct item once", arguments: [1, 7, 10, 33, 100])
    func accounting(bound: Int) {
        let paginator = Self.loaded(pages: 9, bound: bound)
        #expect(paginator.releasedItemCount + paginator.items.count == 90)
        #expect(paginator.items.count <= max(bound, 10))
        #expect(paginator.items.last?.id == "90")
    }
}
