extension Array where Element == Int64 {
    /// Where `id` is in these ids, which ascend, found by halves; `nil` when it is not there.
    /// The one search the catalog's id lists share (`RelationCatalog`, `BookKeyTable`, the
    /// stores' `StoredBookIDs`).
    ///
    /// ```swift
    /// [2, 5, 9].index(ofAscending: 5)  // 1
    /// ```
    package func index(ofAscending id: Int64) -> Int? {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < count && self[low] == id ? low : nil
    }
}
