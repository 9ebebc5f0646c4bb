extension CandidateIndex {
    /// The index's image, the same in memory and in its file: a header, a table of sections,
    /// then the sections, every integer little-endian, so search reads them in place from a
    /// mapping without decoding a whole section.
    ///
    /// Each integer section is stored at the narrowest width (1–8 bytes) its largest value needs,
    /// recorded in its table entry: with a hundred thousand books a posting (a book's place)
    /// takes 3 bytes, a word id 2, a book id 3 (ids are stored less the smallest, ``Header``'s
    /// `idBase`); so an image is about two thirds of fixed 4- and 8-byte fields, and the pages
    /// of it a search reads are as much fewer. An element is read as 8 bytes masked to its
    /// width, one load whatever the width, so every section has 8 readable bytes after it (the
    /// image ends with 8 zero bytes).
    ///
    /// Header: magic `SCOUTIDX`, format version (UInt32), section count (UInt32), the catalog
    /// generation it was built at (Int64), book count, word count (UInt64 each), the id base
    /// (Int64), the catalog identity (Int64; 0 for a SQLite catalog, whose file lies beside
    /// it), then per section its offset, byte length and width (UInt64 each), then an FNV-1a
    /// 64 checksum of all that. A file whose magic, version, checksum, section bounds, widths or
    /// sizes disagree is refused whole; values inside sections are clamped where they are used
    /// (``PackedIntegers``), so a file damaged past its header makes search wrong until
    /// rebuilt, never crash.
    enum Layout {
        static let magic = Array("SCOUTIDX".utf8)
        /// Bumped on every change of the layout: another version is rebuilt, never read.
        /// 2: sections of variable width, ids less a base, ratings counts zigzag-coded, title
        /// word counts instead of author word starts. 3: each posting carries the fields its book
        /// holds the word in (``posting(book:fields:)``), so queries intersect postings. 4: no
        /// per-book word lists (`bookWords`, `wordStarts`, `titleWordCounts`), which only the
        /// path before 3 read: 22.5 of 119.9 bytes a book at a million books.
        static let version: UInt32 = 4
        static let fixedHeaderSize = 56
        static let sectionEntrySize = 24
        static var headerSize: Int { fixedHeaderSize + Section.allCases.count * sectionEntrySize + 8 }
        /// The readable bytes every section has after its end (see ``PackedIntegers``).
        static let slack = 8

        /// The sections, in file order.
        enum Section: Int, CaseIterable {
            case ids, ratingsCounts, alternateCounts, seriesCounts, text, elementEnds, elementStarts
            case vocabularyText, vocabularyEnds, postings, postingStarts, cjkWords, readingPlaces
            case readingEnds, readingText

            /// The widths its elements may have: bytes of text are bytes, integers 1 to 8.
            var widths: ClosedRange<Int> {
                switch self {
                case .alternateCounts, .seriesCounts, .text, .vocabularyText, .readingText: 1...1
                default: 1...8
                }
            }

            /// How many elements it must have for `books` books of `words` words, if fixed.
            func requiredCount(books: Int, words: Int) -> Int? {
                switch self {
                case .ids, .ratingsCounts, .alternateCounts, .seriesCounts: books
                case .elementStarts: books + 1
                case .vocabularyEnds: words
                case .postingStarts: words + 1
                default: nil
                }
            }
        }

        /// One section's elements, little-endian at `width` bytes each.
        struct Packed {
            let bytes: [UInt8]
            let width: Int

            /// Bytes as they are, one a byte.
            init(bytes: [UInt8]) {
                self.bytes = bytes
                width = 1
            }

            /// `values` at the narrowest width that holds the largest.
            init(_ values: some Collection<UInt64>) {
                let largest = values.max() ?? 0
                let width = max(1, (UInt64.bitWidth - largest.leadingZeroBitCount + 7) / 8)
                var bytes: [UInt8] = []
                bytes.reserveCapacity(values.count * width)
                for value in values {
                    withUnsafeBytes(of: value.littleEndian) { bytes += $0.prefix(width) }
                }
                self.bytes = bytes
                self.width = width
            }

            init<T: FixedWidthInteger & UnsignedInteger>(_ values: [T]) {
                self.init(values.lazy.map { UInt64($0) })
            }
        }

        /// The header and sections of an image: `sections` in ``Section`` order.
        static func image(
            generation: Int64, catalogIdentity: Int64, books: Int, words: Int, idBase: Int64, sections: [Packed]
        ) -> [UInt8] {
            var header = magic
            append(version, to: &header)
            append(UInt32(sections.count), to: &header)
            append(generation, to: &header)
            append(UInt64(books), to: &header)
            append(UInt64(words), to: &header)
            append(idBase, to: &header)
            append(catalogIdentity, to: &header)
            var offset = headerSize
            for section in sections {
                // Each section starts 8-aligned, so mapped reads stay aligned in practice.
                offset = (offset + 7) & ~7
                append(UInt64(offset), to: &header)
                append(UInt64(section.bytes.count), to: &header)
                append(UInt64(section.width), to: &header)
                offset += section.bytes.count
            }
            append(checksum(header), to: &header)
            var image = header
            image.reserveCapacity(offset + slack)
            for section in sections {
                image += [UInt8](repeating: 0, count: ((image.count + 7) & ~7) - image.count)
                image += section.bytes
            }
            return image + [UInt8](repeating: 0, count: slack)
        }

        /// A posting as stored: the book's place shifted left by two, its low bits the
        /// ``FieldSet`` the book holds the word in. Two bits more than the place alone, which
        /// a hundred thousand or a million books fit in the same 3 bytes.
        static func posting(book: Int, fields: FieldSet) -> UInt64 {
            UInt64(book) << 2 | UInt64(UInt32(fields.rawValue) & fieldMask)
        }

        /// The bits of a stored posting that hold its ``FieldSet``.
        static let fieldMask: UInt32 = 3

        /// The book's place a stored posting names.
        static func book(ofPosting posting: UInt32) -> Int { Int(posting >> 2) }

        /// The fields a stored posting's book holds its word in.
        static func fields(ofPosting posting: UInt32) -> FieldSet { FieldSet(rawValue: UInt8(posting & fieldMask)) }

        static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }

        /// FNV-1a, 64 bits: enough to tell a damaged header from a sound one.
        static func checksum(_ bytes: some Sequence<UInt8>) -> UInt64 {
            bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        }

        /// A ratings count as stored: 0 for none, else zigzag-coded plus one, so the usual
        /// counts (0 to a few million) take 3 or 4 bytes and a negative one still fits.
        /// (`Int64.min` reads back as none, as the nil marker did before.)
        static func ratingsCode(_ count: Int?) -> UInt64 {
            guard let count else { return 0 }
            let value = Int64(count)
            return (UInt64(bitPattern: value << 1) ^ UInt64(bitPattern: value >> 63)) &+ 1
        }

        /// The ratings count `code` stands for (see ``ratingsCode(_:)``).
        static func ratingsCount(_ code: UInt64) -> Int? {
            guard code != 0 else { return nil }
            let zigzag = code &- 1
            return Int(truncatingIfNeeded: Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1))))
        }
    }

    /// What a header says, once checked against the bytes it heads.
    struct Header {
        let generation: Int64
        let books: Int
        let words: Int
        /// What every stored id is less (see ``Layout``).
        let idBase: Int64
        /// The identity of the catalog it was built from (see ``SearchIndexFile/catalogIdentity``).
        let catalogIdentity: Int64
        /// Each section's elements, in ``Layout/Section`` order, with ``Layout/slack`` readable
        /// bytes after each.
        let sections: [(bytes: UnsafeRawBufferPointer, width: Int)]

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
            idBase = integer(at: 40, Int64.self)
            catalogIdentity = integer(at: 48, Int64.self)
            // A count beyond the file's bytes is a lie; so bounded, every sum below fits an Int.
            guard books < UInt64(bytes.count), words < UInt64(bytes.count) else {
                throw .malformed("its book or word count exceeds its size")
            }
            self.books = Int(books)
            self.words = Int(words)
            // Every section is read up to `slack` bytes past its end (one 8-byte load).
            let readable = UInt64(bytes.count - Layout.slack)
            var sections: [(bytes: UnsafeRawBufferPointer, width: Int)] = []
            for section in Layout.Section.allCases {
                let entry = Layout.fixedHeaderSize + section.rawValue * Layout.sectionEntrySize
                let offset = integer(at: entry, UInt64.self)
                let length = integer(at: entry + 8, UInt64.self)
                let width = integer(at: entry + 16, UInt64.self)
                guard offset <= readable, length <= readable - offset else {
                    throw .malformed("its \(section) section lies past the end of the file (truncated?)")
                }
                guard width <= 8, section.widths.contains(Int(width)) else {
                    throw .malformed("its \(section) section has elements of \(width) bytes")
                }
                let count = Int(length) / Int(width)
                guard Int(length) % Int(width) == 0,
                    section.requiredCount(books: self.books, words: self.words).map({ $0 == count }) ?? true
                else { throw .malformed("its \(section) section has the wrong size") }
                sections.append(
                    (UnsafeRawBufferPointer(rebasing: bytes[Int(offset)..<Int(offset + length)]), Int(width)))
            }
            func count(_ section: Layout.Section) -> Int {
                sections[section.rawValue].bytes.count / sections[section.rawValue].width
            }
            guard count(.readingEnds) == count(.readingPlaces) else {
                throw .malformed("its reading sections disagree")
            }
            self.sections = sections
        }
    }
}
