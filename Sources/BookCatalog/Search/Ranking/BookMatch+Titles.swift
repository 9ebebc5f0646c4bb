extension BookMatch {
    /// The matched parts of the book's own title (not of its alternate titles), in order.
    ///
    /// ```swift
    /// match.titleRanges   // [0..<3, 4..<9] for "les miser" in "Les Misérables"
    /// ```
    public var titleRanges: [Range<Int>] {
        highlights.filter { $0.field == .title && $0.element == 0 }.map(\.range).sorted {
            $0.lowerBound < $1.lowerBound
        }
    }

    /// The alternate title the search found the book by, when it matched one and not the title
    /// itself: what a row shows beside the title ("original title: Le Petit Prince").
    ///
    /// ```swift
    /// try await store.rankedSearch("petit prince", limit: 1).first?.matchedAlternateTitle  // "Le Petit Prince"
    /// ```
    public var matchedAlternateTitle: String? {
        let titles = highlights.filter { $0.field == .title }
        guard !titles.isEmpty, !titles.contains(where: { $0.element == 0 }) else { return nil }
        let counts = Dictionary(grouping: titles, by: \.element).mapValues(\.count)
        guard let element = counts.max(by: { ($0.value, -$0.key) < ($1.value, -$1.key) })?.key,
            book.alternateTitles.indices.contains(element - 1)
        else { return nil }
        return book.alternateTitles[element - 1]
    }
}
