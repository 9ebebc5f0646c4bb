/// The edit distance typo tolerance counts, computed the textbook way, as the oracle tests check
/// the dictionary and the stores against.
public enum EditDistance {
    /// Optimal string alignment distance: Levenshtein plus swaps of neighbours.
    ///
    /// ```swift
    /// EditDistance.optimalStringAlignment(Array("hunger"), Array("hungre"))   // 1
    /// ```
    public static func optimalStringAlignment(_ a: [Character], _ b: [Character]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
