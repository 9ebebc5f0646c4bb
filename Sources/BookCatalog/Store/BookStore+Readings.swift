extension BookStore {
    /// Gives the stored books whose Japanese texts have no reading yet the readings `analyzer`
    /// gives (``Book/addTextReadings(using:)``), `batchSize` books a transaction: what a catalog
    /// written before readings existed, or before a dictionary was installed, needs to be found
    /// by kana and romaji without importing it again. Returns how many books changed; running it
    /// again changes none.
    ///
    /// ```swift
    /// try await store.addMissingReadings(using: try MeCabAnalyzer())   // 120
    /// ```
    public func addMissingReadings(using analyzer: any ReadingAnalyzer, batchSize: Int = 500) async throws -> Int {
        // The search entries hold every text a reading is for, so only the books lacking one are read.
        let lacking = try await searchEntries().filter { entry in
            ([entry.title] + entry.alternateTitles + entry.series + entry.authors).contains {
                Book.needsReading($0) && entry.textReadings[$0] == nil
            }
        }.map(\.id)
        var changed = 0
        for start in stride(from: 0, to: lacking.count, by: max(batchSize, 1)) {
            let ids = Array(lacking[start..<min(start + max(batchSize, 1), lacking.count)])
            var batch = ImportBatch(books: try await books(ids: ids))
            batch.addTextReadings(using: analyzer)
            changed += try await apply(batch).updated
        }
        return changed
    }
}
