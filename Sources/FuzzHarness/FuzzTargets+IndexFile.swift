#if DEBUG
    @testable import BookCatalog
    import Foundation

    extension FuzzTargets {
        /// The search index file as hostile input: the input read as a whole file, and as a
        /// patch over a sound image (its first two bytes the place, the rest the bytes written
        /// there), so damage reaches the sections behind a sound header. Either is refused by
        /// its header or searched without a crash, no search returning more than it asked for.
        static let searchIndexFile = FuzzTarget("search-index-file") { data in
            let bytes = [UInt8](data)
            var patched = SoundIndexImage.bytes
            if bytes.count >= 2 {
                let place = Int(bytes[0]) << 8 | Int(bytes[1])
                for (offset, byte) in bytes.dropFirst(2).enumerated() where place + offset < patched.count {
                    patched[place + offset] = byte
                }
            }
            return [bytes, patched].flatMap { image -> [String] in
                let storage = IndexBytes(copying: image)
                guard let header = try? CandidateIndex.Header(of: storage.bytes) else { return [] }
                let index = CandidateIndex(storage: storage, header: header)
                return SoundIndexImage.queries.flatMap { query in
                    let found = index.search(query, limit: 8)
                    _ = index.count(query)
                    return check(found.count <= 8, "a search for 8 books found \(found.count)")
                }
            }
        }
    }

    /// A small sound index image and queries that reach every part of it.
    private enum SoundIndexImage {
        static let bytes: [UInt8] = {
            let entries = [
                SearchEntry(id: 1, title: "Dune", series: ["Dune"], authors: ["Frank Herbert"], ratingsCount: 9),
                SearchEntry(
                    id: 2, title: "人間失格", alternateTitles: ["No Longer Human"], authors: ["太宰治"], ratingsCount: nil,
                    textReadings: ["人間失格": "ニンゲン シッカク"]),
                SearchEntry(id: 3, title: "The Hunger Games", authors: ["Suzanne Collins"], ratingsCount: 40),
            ]
            guard let index = try? CandidateIndex(entries, generation: 1) else { return [] }
            return Array(index.storage.bytes)
        }()

        /// One word, prefixes, and several words, so postings are both the candidates and
        /// probed, word by word and merged (a prefix of many words).
        static let queries = ["dune", "h", "hunger ga", "人間", "ningen", "frank dune", "h d", "d h", "frank h c"]
            .compactMap(SearchText.exactQuery)
    }
#endif
