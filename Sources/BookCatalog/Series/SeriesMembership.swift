/// A book's place in one series: the series name, its number or range, and a part.
///
/// Goodreads writes it after the title, `(Harry Potter, #5, Part 1)`; ``SeriesTitle`` parses
/// it. A single volume has a ``number`` (fractional for novellas, `#0.5`); a collection such as
/// a box set has a range, ``number`` to ``lastNumber`` (`#1-7`); a volume published in parts
/// has a ``part`` (`Part 1`), and each part is a book of its own. A book in several series has
/// one membership per series.
///
/// ```swift
/// let boxSet = SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)
/// boxSet.label         // "#1–7"
/// boxSet.isCollection  // true
/// SeriesMembership(name: "Harry Potter", number: 5, part: "Part 1").label  // "#5, Part 1"
/// ```
public struct SeriesMembership: Sendable, Hashable, Codable {
    /// The series name as the source writes it: `"Harry Potter"`.
    public var name: String
    /// The book's number in the series, or the first of a collection's range; `nil` when the
    /// source gives none.
    public var number: Double?
    /// The last number of a collection (`7` for `#1-7`), always above ``number``; `nil` for a
    /// single volume.
    public var lastNumber: Double?
    /// Which part of the volume the book is, as the source words it: `"Part 1"`, `"Part 2 of 2"`.
    public var part: String?

    /// Makes a membership; a `lastNumber` that does not lie above `number` is dropped, as such a
    /// range (`#1-1`) names a single volume.
    ///
    /// ```swift
    /// SeriesMembership(name: "Wheel of Time", number: 1, lastNumber: 1).isCollection  // false
    /// ```
    public init(name: String, number: Double? = nil, lastNumber: Double? = nil, part: String? = nil) {
        self.name = name
        self.number = number
        if let number, let lastNumber, lastNumber > number {
            self.lastNumber = lastNumber
        } else {
            self.lastNumber = nil
        }
        self.part = part
    }

    /// Whether the membership covers a range of the series, as box sets and omnibuses do.
    ///
    /// ```swift
    /// SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7).isCollection  // true
    /// ```
    public var isCollection: Bool { lastNumber != nil }

    /// The place in the series as readers write it: `"#7"`, `"#0.5"`, `"#1–7"` (an en dash),
    /// `"#5, Part 1"`; `"Part 2"` with a part and no number; empty with neither.
    ///
    /// ```swift
    /// SeriesMembership(name: "Divergent", number: 0.1, lastNumber: 0.4).label  // "#0.1–0.4"
    /// ```
    public var label: String {
        var label = ""
        if let number {
            label = "#" + Self.formatted(number)
            if let lastNumber { label += "–" + Self.formatted(lastNumber) }
        }
        if let part { label += label.isEmpty ? part : ", " + part }
        return label
    }

    /// `2` for 2.0, `0.5` for 0.5: whole numbers without `.0`.
    ///
    /// ```swift
    /// SeriesMembership.formatted(3)  // "3"
    /// ```
    static func formatted(_ number: Double) -> String {
        if number.rounded() == number, let whole = Int(exactly: number) { return String(whole) }
        return String(number)
    }
}
