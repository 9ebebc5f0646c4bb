extension Book {
    /// This book with what `other`, a record of the same book from elsewhere, knows better: the
    /// richer value of each field wins, and on a tie this book's stays, so merging the same
    /// record again changes nothing and the book keeps its id, key and title.
    ///
    /// - ``id``, ``source``, ``sourceID``, ``title``: this book's (its key stays its key; the
    ///   other record's key is kept by the store as another key of the book).
    /// - ``seriesName`` with ``seriesNumber``, as a pair: this book's when it has a series name,
    ///   else the other's.
    /// - ``series``: the list with more memberships (a box set's range, a second series).
    /// - ``alternateTitles``: this book's, then the other's title and alternate titles, as
    ///   ``AlternateTitles/cleaned(_:title:)`` keeps them, the first ``FieldLimits/alternateTitles``
    ///   (so "Harry Potter and the Philosopher's Stone" stays findable on the merged Sorcerer's Stone).
    /// - ``authors``, ``tags``: the longer list.
    /// - ``description``: the longer text.
    /// - ``averageRating`` with ``ratingsCount``, as a pair: the one with the larger count (a
    ///   missing count is the smallest); when neither has a count, this book's average, else the
    ///   other's.
    /// - ``year``, ``isbn10``, ``isbn13``, ``language``, ``coverURL``, ``smallCoverURL``,
    ///   ``sourceURL``: this book's when it has one, else the other's.
    /// - ``textReadings``: this book's, and the other's for texts this one has none for.
    ///
    /// ```swift
    /// let starter = Book(source: "scout-starter", sourceID: "hg", title: "The Hunger Games", year: 2008)
    /// starter.merged(with: goodbooksHungerGames).ratingsCount  // 4780653, goodbooks' count
    /// ```
    public func merged(with other: Book) -> Book {
        var merged = self
        if seriesName == nil, other.seriesName != nil {
            (merged.seriesName, merged.seriesNumber) = (other.seriesName, other.seriesNumber)
        }
        if other.series.count > series.count { merged.series = other.series }
        merged.alternateTitles = AlternateTitles.cleaned(
            alternateTitles + [other.title] + other.alternateTitles, title: title)
        // Both records were capped as they came in; together they may list more than a book keeps.
        _ = Self.cap(&merged.alternateTitles, FieldLimits.alternateTitles)
        if other.authors.count > authors.count { merged.authors = other.authors }
        if other.tags.count > tags.count { merged.tags = other.tags }
        if (other.description?.count ?? 0) > (description?.count ?? 0) { merged.description = other.description }
        if (other.ratingsCount ?? -1) > (ratingsCount ?? -1) {
            (merged.averageRating, merged.ratingsCount) = (other.averageRating, other.ratingsCount)
        } else if ratingsCount == nil, other.ratingsCount == nil, averageRating == nil {
            merged.averageRating = other.averageRating
        }
        merged.year = year ?? other.year
        merged.isbn10 = isbn10 ?? other.isbn10
        merged.isbn13 = isbn13 ?? other.isbn13
        merged.language = language ?? other.language
        merged.coverURL = coverURL ?? other.coverURL
        merged.smallCoverURL = smallCoverURL ?? other.smallCoverURL
        merged.sourceURL = sourceURL ?? other.sourceURL
        merged.textReadings.merge(other.textReadings) { mine, _ in mine }
        _ = merged.capTextReadings()
        return merged
    }
}
