/// What search keeps in memory of one book: the fields the ranking rules read. A store lists
/// them all with ``BookStore/searchEntries()``; ``CandidateIndex`` is built from them.
///
/// ```swift
/// SearchEntry(id: 1, title: "Dune", series: ["Dune"], authors: ["Frank Herbert"], ratingsCount: 812_000)
/// ```
public struct SearchEntry: Sendable, Hashable {
    public let id: Int64
    public let title: String
    /// Its other titles (``Book/alternateTitles``), searched as titles.
    public let alternateTitles: [String]
    /// The names of the book's series (``Book/series``), searched with the title.
    public let series: [String]
    public let authors: [String]
    public let ratingsCount: Int?
    /// How its Japanese texts are read (``Book/textReadings``), searched with them.
    public let textReadings: [String: String]

    public init(
        id: Int64, title: String, alternateTitles: [String] = [], series: [String] = [], authors: [String],
        ratingsCount: Int?, textReadings: [String: String] = [:]
    ) {
        self.id = id
        self.title = title
        self.alternateTitles = alternateTitles
        self.series = series
        self.authors = authors
        self.ratingsCount = ratingsCount
        self.textReadings = textReadings
    }

    /// The key the stores walk their search index in (``BookStore/search(_:limit:)``'s order):
    /// ratings count, most first, clamped to 0…2³⁰ − 1 as their row keys hold it, then id.
    var searchOrder: (Int, Int64) { (-min(max(ratingsCount ?? 0, 0), 1_073_741_823), id) }
}
