import Foundation

extension RelationBuilder {
    /// How many chunks per core ``inChunks(_:size:_:)`` makes by default: more than one, so a
    /// core that finishes early takes another instead of waiting on the slowest.
    static let chunksPerCore = 4

    /// `work` run over `items` cut into chunks of `size` (by default ``chunksPerCore`` chunks a
    /// core), concurrently in a task group, the results joined in the items' order: the same
    /// list whatever the chunking.
    ///
    /// ```swift
    /// let doubled = await RelationBuilder.inChunks([1, 2, 3], size: 2) { $0.map { $0 * 2 } }  // [2, 4, 6]
    /// ```
    static func inChunks<Item: Sendable, Result: Sendable>(
        _ items: [Item], size: Int?, _ work: @escaping @Sendable (ArraySlice<Item>) -> [Result]
    ) async -> [Result] {
        let cores = max(ProcessInfo.processInfo.activeProcessorCount, 1)
        let size = max(size ?? (items.count + cores * chunksPerCore - 1) / (cores * chunksPerCore), 1)
        let starts = Array(stride(from: 0, to: items.count, by: size))
        guard starts.count > 1 else { return work(items[...]) }
        var chunks = [[Result]](repeating: [], count: starts.count)
        await withTaskGroup(of: (Int, [Result]).self) { group in
            for (index, start) in starts.enumerated() {
                let slice = items[start..<min(start + size, items.count)]
                group.addTask { (index, work(slice)) }
            }
            for await (index, result) in group { chunks[index] = result }
        }
        return chunks.flatMap(\.self)
    }
}
