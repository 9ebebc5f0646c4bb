extension RelationBuilder {
    /// Relations between books of the same series (folded name), the best ``limit`` per book;
    /// only relations from `sources` when given.
    ///
    /// ```swift
    /// RelationBuilder().sameSeries(among: [hungerGames, catchingFire]).first?.reason
    /// // "same series: The Hunger Games #2"
    /// ```
    public func sameSeries(among books: [Book], from sources: Set<Int64>? = nil) -> [Relation] {
        Self.groups(of: books) { Self.groupingKey($0.seriesName) }.flatMap { group in
            group.filter { sources?.contains($0.id) ?? true }.flatMap { from in
                strongest(
                    group.filter { $0.id != from.id }.map { to in
                        let relation = Relation(
                            kind: .sameSeries, from: from.id, to: to.id, score: Self.seriesScore(from: from, to: to),
                            reason: Self.seriesReason(for: to))
                        return (relation, to.ratingsCount ?? 0)
                    })
            }
        }
    }

    /// How close `to` follows `from` in their series, 0…1: the next number scores 1, the previous
    /// 0.9, further books 1/distance (0.9/distance before), another book at the same number
    /// (an omnibus, a second edition) 0.2, and a book without a number 0.1.
    ///
    /// ```swift
    /// RelationBuilder.seriesScore(from: hungerGames, to: catchingFire)  // 1
    /// ```
    public static func seriesScore(from: Book, to: Book) -> Double {
        guard let start = from.seriesNumber, let end = to.seriesNumber else { return 0.1 }
        let distance = abs(end - start)
        guard distance > 0 else { return 0.2 }
        return (end > start ? 1 : 0.9) / max(distance, 1)
    }

    /// `"same series: The Hunger Games #2"`: the target's series and number, whole numbers
    /// without `.0`; just the series name when the target has no number.
    static func seriesReason(for book: Book) -> String {
        let name = (book.seriesName ?? "").trimmingWhitespace()
        guard let number = book.seriesNumber else { return "same series: \(name)" }
        return "same series: \(name) #\(formatted(number))"
    }

    /// `2` for 2.0, `0.5` for 0.5.
    static func formatted(_ number: Double) -> String {
        if number.rounded() == number, let whole = Int(exactly: number) { return String(whole) }
        return String(number)
    }
}
