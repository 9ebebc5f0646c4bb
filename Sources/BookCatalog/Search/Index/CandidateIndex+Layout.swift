extension CandidateIndex {
    /// The index's image, the same in memory and in its file: a header, a table of sections,
    /// then the sections, every integer little-endian and fixed-width, so search reads them in
    /// place from a mapping without decoding.
    ///
    /// Header (48 bytes): magic `SCOUTIDX`, format version (UInt32), section count (UInt32), the
    /// catalog generation it was built at (Int64), book count, word count (UInt64 each), then
    /// per section its offset and byte length (UInt64 each), then an FNV-1a 64 checksum of all
    /// that. A file whose magic, version, checksum, section bounds or section sizes disagree is
    /// refused whole; values inside sections are clamped where they are used (``PackedIntegers``),
    /// so a file damaged past its header makes search wrong until rebuilt, never crash.
    enum Layout {
        static let magic = Array("SCOUTIDX".utf8)
        /// Bumped on every change of the layout: another version is rebuilt, never read.
        static let version: UInt32 = 1
        static let fixedHeaderSize = 40
        static var headerSize: Int { fixedHeaderSize + Section.allCases.count * 16 + 8 }
        /// The nil ratings count.
        static let noRatings = Int64.min

        /// The sections, in file order, with the width of their elements.
        enum Section: Int, CaseIterable {
            case ids, ratingsCounts, alternateCounts, seriesCounts, text, elementEnds, elementStarts
            case bookWords, wordStarts, authorWordStarts, vocabularyText, vocabularyEnds, postings
            case postingStarts, cjkWords, readingPlaces, readingEnds, readingText

            var width: Int {
                switch self {
                case .ids, .ratingsCounts: 8
                case .alternateCounts, .seriesCounts, .text, .vocabularyText, .readingText: 1
                default: 4
                }
            }

            /// How many elements it must have for `books` books of `words` words, if fixed.
            func requiredCount(books: Int, words: Int) -> Int? {
                switch self {
                case .ids, .ratingsCounts, .alternateCounts, .seriesCounts, .authorWordStarts: books
                case .elementStarts, .wordStarts: books + 1
                case .vocabularyEnds: words
                case .postingStarts: words + 1
                default: nil
                }
            }
        }

        /// The header and sections of an image: `sections` in ``Section`` order.
        static func image(generation: Int64, books: Int, words: Int, sections: [[UInt8]]) -> [UInt8] {
            var header = magic
            append(version, to: &header)
            append(UInt32(sections.count), to: &header)
            append(generation, to: &header)
            append(UInt64(books), to: &header)
            append(UInt64(words), to: &header)
            var offset = headerSize
            for section in sections {
                // Each section starts 8-aligned, so mapped reads stay aligned in practice.
                offset = (offset + 7) & ~7
                append(UInt64(offset), to: &header)
                append(UInt64(section.count), to: &header)
                offset += section.count
            }
            append(checksum(header), to: &header)
            var image = header
            image.reserveCapacity(offset)
            for section in sections {
                image += [UInt8](repeating: 0, count: ((image.count + 7) & ~7) - image.count)
                image += section
            }
            return image
        }

        static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        /// FNV-1a, 64 bits: enough to tell a damaged header from a sound one.
        static func checksum(_ bytes: some Sequence<UInt8>) -> UInt64 {
            bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }
    }

    /// What a header says, once checked against the bytes it heads.
    struct Header {
        let generation: Int64
        let books: Int
        let words: Int
        /// Each section's bytes, in ``Layout/Section`` order.
        let sections: [UnsafeRawBufferPointer]

        /// Reads and checks the header of `bytes`; throws what is wrong with it.
        init(of bytes: UnsafeRawBufferPointer) throws(IndexFileProblem) {
            func integer<T: FixedWidthInteger>(at offset: Int, _: T.Type) -> T {
                T(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: T.self))
            }
            let sectionCount = Layout.Section.allCases.count
            guard bytes.count >= Layout.headerSize else {
                throw .malformed("it holds \(bytes.count) bytes, less than a header")
            }
            guard bytes.prefix(8).elementsEqual(Layout.magic) else {
                throw .malformed("it is not a Scout search index")
            }
            let version = integer(at: 8, UInt32.self)
            guard version == Layout.version else {
                throw .malformed("it is of format version \(version), this Scout reads \(Layout.version)")
            }
            guard integer(at: 12, UInt32.self) == sectionCount else { throw .malformed("its section count is wrong") }
            let checked = Layout.headerSize - 8
            guard Layout.checksum(bytes.prefix(checked)) == integer(at: checked, UInt64.self) else {
                throw .malformed("its header checksum does not match")
            }
            generation = integer(at: 16, Int64.self)
            let books = integer(at: 24, UInt64.self)
            let words = integer(at: 32, UInt64.self)
            // A count beyond the file's bytes is a lie; so bounded, every sum below fits an Int.
            guard books < UInt64(bytes.count), words < UInt64(bytes.count) else {
                throw .malformed("its book or word count exceeds its size")
            }
            self.books = Int(books)
            self.words = Int(words)
            var sections: [UnsafeRawBufferPointer] = []
            for section in Layout.Section.allCases {
                let entry = Layout.fixedHeaderSize + section.rawValue * 16
                let offset = integer(at: entry, UInt64.self)
                let length = integer(at: entry + 8, UInt64.self)
                guard offset <= UInt64(bytes.count), length <= UInt64(bytes.count) - offset else {
                    throw .malformed("its \(section) section lies past the end of the file (truncated?)")
                }
                let count = Int(length) / section.width
                guard Int(length) % section.width == 0,
                    section.requiredCount(books: self.books, words: self.words).map({ $0 == count }) ?? true
                else { throw .malformed("its \(section) section has the wrong size") }
                sections.append(UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset + length)]))
            }
            let readings = sections[Layout.Section.readingPlaces.rawValue].count
            guard sections[Layout.Section.readingEnds.rawValue].count == readings else {
                throw .malformed("its reading sections disagree")
            }
            self.sections = sections
        }
    }
}
