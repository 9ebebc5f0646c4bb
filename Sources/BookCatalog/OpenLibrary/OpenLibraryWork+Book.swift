import Foundation

extension OpenLibraryWork {
    /// Where an Open Library book comes from: half of its ``BookKey``, the work key the other.
    static let source = "openlibrary"

    /// The book this work is: its title (the subtitled title an alternate one), `authors` (the
    /// names its author keys resolved to, in credit order), subjects as tags, the year of its
    /// first publication (else its editions' earliest), its cover (else an edition's) and what
    /// its editions add.
    ///
    /// ```swift
    /// work.book(authors: ["Ursula K. Le Guin"], editions: summary).sourceID   // "/works/OL45883W"
    /// ```
    func book(authors: [String], editions: EditionSummary?) -> Book {
        let cover = (coverID ?? editions?.coverID).map(Self.coverURLs(id:))
        let subtitled = subtitle.map { "\(title): \($0)" }
        return Book(
            source: Self.source, sourceID: key.description, title: title,
            series: (editions?.series ?? []).map { SeriesMembership(name: $0) },
            alternateTitles: AlternateTitles.cleaned(subtitled.map { [$0] } ?? [], title: title),
            authors: authors, year: firstPublishYear ?? editions?.earliestYear,
            isbn10: editions?.isbn10, isbn13: editions?.isbn13, language: editions?.language,
            coverURL: cover?.medium, smallCoverURL: cover?.small, tags: subjects, description: description,
            sourceURL: URL(string: "https://openlibrary.org" + key.description))
    }

    /// Open Library's cover addresses for a cover id: `-M` (medium) and `-S` (small). The image
    /// proxy fetches them (``ImageOrigin`` `openlibrary-covers`), under Open Library's host policy.
    static func coverURLs(id: Int) -> (medium: URL, small: URL) {
        let base = "https://covers.openlibrary.org/b/id/\(id)"
        return (URL(string: base + "-M.jpg")!, URL(string: base + "-S.jpg")!)
    }
}
