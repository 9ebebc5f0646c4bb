extension TermDictionary {
    /// The rows of the distance table for the trie path being walked, one per depth, each
    /// `query.count + 1` cells. Only the band of cells that can still be within the budget is
    /// computed (a cell `budget + 1` columns off the diagonal cannot be); cells are capped at
    /// `budget + 1`, which keeps every smaller value exact.
    struct DistanceTable {
        private let query: [UInt32]
        private let budget: Int
        private var cells: [Int]

        /// Makes the table for `query` with room for rows 0...`depths`; row 0 is the distance from
        /// the empty beginning: one typo per query character.
        init(query: [UInt32], budget: Int, depths: Int) {
            self.query = query
            self.budget = budget
            cells = [Int](repeating: budget + 1, count: (query.count + 1) * (depths + 1))
            for column in 0...query.count { cells[column] = Swift.min(column, budget + 1) }
        }

        /// Computes row `depth` for a path whose character there is `character` (after
        /// `previous`), from the rows above it; returns the row's smallest cell and its
        /// full-query cell.
        mutating func fillRow(_ depth: Int, character: UInt32, previous: UInt32?) -> (minimum: Int, last: Int) {
            let width = query.count + 1
            let cap = budget + 1
            let (low, high) = (Swift.max(1, depth - budget), Swift.min(query.count, depth + budget))
            return cells.withUnsafeMutableBufferPointer { cells in
                query.withUnsafeBufferPointer { query in
                    let row = depth * width
                    let above = row - width
                    cells[row] = Swift.min(depth, cap)
                    // Edges of the band, which the next row reads.
                    if low - 1 >= 1 { cells[row + low - 1] = cap }
                    if high + 1 < width { cells[row + high + 1] = cap }
                    var minimum = cells[row]
                    var column = low
                    while column <= high {
                        let typed = query[column - 1]
                        var cell = Swift.min(
                            cells[above + column] + 1,  // the word has an extra character
                            cells[row + column - 1] + 1,  // the word lacks a typed character
                            cells[above + column - 1] + (typed == character ? 0 : 1))  // same or substituted
                        // Two adjacent characters swapped: one typo, from the row two above.
                        if column >= 2, character != typed, character == query[column - 2], previous == typed {
                            cell = Swift.min(cell, cells[above - width + column - 2] + 1)
                        }
                        cell = Swift.min(cell, cap)
                        cells[row + column] = cell
                        minimum = Swift.min(minimum, cell)
                        column += 1
                    }
                    return (minimum, high >= query.count ? cells[row + query.count] : cap)
                }
            }
        }
    }
}
