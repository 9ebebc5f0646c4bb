extension CandidateIndex {
    /// The ``Book/textReadings`` of the book at `place`, decoded from the readings sections;
    /// `[:]` for a book without. A pair whose lengths run past its book's bytes (a damaged
    /// file) ends the decoding.
    func textReadings(at place: Int) -> [String: String] {
        guard let found = readingIndex(of: place) else { return [:] }
        let start = found == 0 ? 0 : readingEnds.place(found - 1, within: readingText.count)
        let end = max(start, readingEnds.place(found, within: readingText.count))
        var cursor = start
        var readings: [String: String] = [:]
        func nextString() -> String? {
            guard end - cursor >= 4 else { return nil }
            let length = Int(
                UInt32(littleEndian: readingText.base.loadUnaligned(fromByteOffset: cursor, as: UInt32.self)))
            guard end - cursor - 4 >= length else { return nil }
            defer { cursor += 4 + length }
            return String(
                decoding: UnsafeRawBufferPointer(rebasing: readingText.base[(cursor + 4)..<(cursor + 4 + length)]),
                as: UTF8.self)
        }
        while let key = nextString(), let value = nextString() { readings[key] = value }
        return readings
    }

    /// Where `place` is among the places with readings, by binary search.
    private func readingIndex(of place: Int) -> Int? {
        var low = 0
        var high = readingPlaces.count
        while low < high {
            let middle = (low + high) / 2
            if Int(readingPlaces[middle]) < place { low = middle + 1 } else { high = middle }
        }
        return low < readingPlaces.count && Int(readingPlaces[low]) == place ? low : nil
    }
}
