/// What a work's editions add to it, folded edition by edition as the dump streams past: the
/// first ISBN-13, ISBN-10, language and cover any edition gives, the earliest year one was
/// published, and up to four series names. Small and of bounded size — the importer holds one
/// per work, so its memory grows with the works, never with the editions.
///
/// ```swift
/// var summary = EditionSummary()
/// summary.add(edition)   // the first edition's ISBN stays; a later one's fills a gap
/// ```
struct EditionSummary: Hashable, Sendable {
    var isbn13: String?
    var isbn10: String?
    var language: String?
    var coverID: Int?
    var earliestYear: Int?
    var series: [String] = []

    /// The most series names kept per work.
    static let maxSeries = 4

    /// Folds `edition` in: gaps filled, the earlier year kept, new series names added.
    mutating func add(_ edition: OpenLibraryEdition) {
        isbn13 = isbn13 ?? edition.isbn13
        isbn10 = isbn10 ?? edition.isbn10
        language = language ?? edition.languages.first
        coverID = coverID ?? edition.coverID
        if let year = edition.publishYear { earliestYear = min(earliestYear ?? year, year) }
        for name in edition.series where series.count < Self.maxSeries && !series.contains(name) {
            series.append(name)
        }
    }
}
