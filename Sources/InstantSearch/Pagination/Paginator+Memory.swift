import ScoutModels

extension Paginator {
    /// One received page's place in the results.
    public struct PageSpan: Sendable, Equatable {
        /// Where the page started (nil: the first page).
        public let cursor: SearchCursor?
        /// How many items it added (its new ids).
        public let itemCount: Int
    }

    /// How many items were released from the front: the position of `items[0]` among all the
    /// items received, for a front end that keeps placeholders in their place.
    public var releasedItemCount: Int { releasedPages.reduce(0) { $0 + $1.itemCount } }

    /// Releases the oldest pages while ``Paginator/items`` holds more than
    /// ``Paginator/maxRetainedItems`` — whole pages, so a released page can be fetched again as
    /// it was — but never the newest page, which the person is looking at.
    mutating func releasePagesPastBound() {
        guard let bound = maxRetainedItems else { return }
        while items.count > bound, retainedPages.count > 1 {
            let page = retainedPages.removeFirst()
            items.removeFirst(page.itemCount)
            releasedPages.append(page)
        }
    }
}
