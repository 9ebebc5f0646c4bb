extension TermDictionary {
    /// A word (or beginning) found by ``walk(_:maxDistance:isPrefix:)``, as codes, and its
    /// distance from the query.
    typealias Found = (word: ArraySlice<UInt32>, distance: Int)

    /// Walks the trie depth first, keeping one row of the distance table per depth.
    ///
    /// Row `d` holds the distances between the node's path (its first `d` characters) and each
    /// beginning of `query`; a child's row is computed from its parent's, so each node costs
    /// one row. A row's smallest cell never decreases with depth, so once it passes the budget
    /// the node's whole subtree is skipped.
    ///
    /// With `isPrefix`, a node is reported when its full-query cell is within budget and closer
    /// than every node reported above it; below it the walk only goes on while something closer
    /// is still possible. Without, only nodes that end a word are reported.
    func walk(_ query: [UInt32], maxDistance: Int, isPrefix: Bool) -> [Found] {
        let budget = max(maxDistance, 0)
        // Past depth query.count + budget + 1 every cell exceeds the budget: the walk stops there.
        let maxDepth = query.count + budget + 1
        var table = DistanceTable(query: query, budget: budget, depths: maxDepth)
        var path = [UInt32](repeating: 0, count: maxDepth + 1)
        // With isPrefix: the best distance reported at or above each depth of the current path.
        var covered = [Int](repeating: budget + 1, count: maxDepth + 1)
        var found: [Found] = []
        var node = 0
        while node < trie.nodeCount {
            let depth = Int(trie.depths[node])
            let character = trie.characters[node]
            path[depth] = character
            let (minimum, distance) = table.fillRow(
                depth, character: character, previous: depth >= 2 ? path[depth - 1] : nil)
            let isPruned: Bool
            if isPrefix {
                covered[depth] = covered[depth - 1]
                if distance < covered[depth] {
                    found.append((path[1...depth], distance))
                    covered[depth] = distance
                }
                isPruned = minimum >= covered[depth]
            } else {
                if distance <= budget && trie.isWord[node] { found.append((path[1...depth], distance)) }
                isPruned = minimum > budget
            }
            node = isPruned ? Int(trie.ends[node]) : node + 1
        }
        return found
    }
}
