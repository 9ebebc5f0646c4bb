/// One walk through a page's linked markup — JSON-LD nodes that name each other by `@id`,
/// microdata items that pull in elements by `itemref` — which visits each named node once and
/// goes at most ``maxDepth`` nodes deep.
///
/// A hostile page can make a node its own name (`{"@id": "#x", "name": {"@id": "#x"}}`), point
/// two items at each other, or nest objects hundreds deep; a reader that followed every link
/// would recurse until the stack ran out. Readers ask the walk before going into a node and
/// stop where it says no.
///
/// ```swift
/// var walk = GraphWalk()
/// walk.enter("#x", atDepth: 1)   // true: first visit
/// walk.enter("#x", atDepth: 2)   // false: a cycle ends here
/// walk.enter(nil, atDepth: GraphWalk.maxDepth)   // false: too deep
/// ```
struct GraphWalk {
    /// How many nodes deep a walk goes. Book markup nests three or four deep at most (a book,
    /// its series, the series' publisher …); the rest is not about the book.
    static let maxDepth = 12

    /// The named nodes the walk has been in.
    private var visited: Set<String> = []

    /// Whether the walk may go into the node named `id` (nil for a node without a name) at
    /// `depth` (1 for the first node below where it started); once it may, the node counts as
    /// visited.
    mutating func enter(_ id: String?, atDepth depth: Int) -> Bool {
        guard depth <= Self.maxDepth else { return false }
        guard let id else { return true }
        return visited.insert(id).inserted
    }
}
