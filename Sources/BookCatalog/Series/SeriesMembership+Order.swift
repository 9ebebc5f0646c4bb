extension SeriesMembership {
    /// Whether this membership comes before `other` in series order, the order a reader lists
    /// a series in: single volumes first, by number and then part (the volume before its
    /// parts, parts by their number); then books without a number; then collections, by first
    /// and then last number, so `#1-4` comes before `#1-7`. Memberships at the same place
    /// (two editions of `#1`) are in order neither way.
    ///
    /// ```swift
    /// let boxSet = SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)
    /// SeriesMembership(name: "Harry Potter", number: 7).precedesInSeries(boxSet)  // true
    /// ```
    public func precedesInSeries(_ other: SeriesMembership) -> Bool {
        let (lhs, rhs) = (orderKey, other.orderKey)
        if lhs.numbers != rhs.numbers { return lhs.numbers < rhs.numbers }
        return (lhs.partNumber, lhs.partText) < (rhs.partNumber, rhs.partText)
    }

    /// The sort key of ``precedesInSeries(_:)``: the kind (0 single volume, 1 no number,
    /// 2 collection) with the numbers, then the part's first number (−1 for no part, so the
    /// whole volume comes first; infinity for a part without digits) and its text.
    private var orderKey: (numbers: (kind: Int, first: Double, last: Double), partNumber: Double, partText: String) {
        let numbers =
            switch (number, lastNumber) {
            case (let first?, let last?): (kind: 2, first: first, last: last)
            case (let first?, nil): (kind: 0, first: first, last: first)
            case (nil, _): (kind: 1, first: 0.0, last: 0.0)
            }
        guard let part else { return (numbers, -1, "") }
        let digits = part.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
        return (numbers, Double(digits) ?? .infinity, part)
    }
}
