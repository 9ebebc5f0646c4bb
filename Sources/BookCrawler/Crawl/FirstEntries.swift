/// The first ``limit`` entries of one kind of crawl outcome (pages skipped by robots.txt,
/// failures …) and how many there were in all: a crawl of a hostile site may skip millions of
/// addresses, and its summary must not hold them all. A collection of the entries kept.
///
/// ```swift
/// summary.skippedByRobots.total          // 2_400_000
/// summary.skippedByRobots.map(\.path)    // the first 1,000
/// ```
public struct FirstEntries<Element: Sendable & Hashable>: Sendable, Hashable, RandomAccessCollection {
    /// How many entries are kept.
    public static var limit: Int { 1_000 }

    /// The entries kept, oldest first.
    public private(set) var entries: [Element] = []
    /// How many were appended, those kept included.
    public private(set) var total = 0

    /// An empty list.
    public init() {}

    /// Counts `element`, keeping it while fewer than ``limit`` are kept.
    mutating func append(_ element: Element) {
        total += 1
        if entries.count < Self.limit { entries.append(element) }
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Element { entries[position] }
}
