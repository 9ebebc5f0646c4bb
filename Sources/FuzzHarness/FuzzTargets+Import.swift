#if DEBUG
    import Foundation
    @testable import BookCatalog

    extension FuzzTargets {
        /// goodbooks-10k rows after its real header: every row maps to a book or a skip with a line.
        static let goodbooksCSV = FuzzTarget("csv-goodbooks") { data in
            let header = Data(
                ("book_id,goodreads_book_id,best_book_id,work_id,books_count,isbn,isbn13,authors,"
                    + "original_publication_year,original_title,title,language_code,average_rating,ratings_count,"
                    + "work_ratings_count,work_text_reviews_count,ratings_1,ratings_2,ratings_3,ratings_4,ratings_5,"
                    + "image_url,small_image_url\n").utf8)
            var reader = CSVReader(bytes: [UInt8](header + data))
            guard let first = try? reader.next(), let mapper = try? GoodbooksRow(header: first.fields) else {
                return ["the real goodbooks header was refused"]
            }
            var problems: [String] = []
            while let record = try? reader.next() {
                if case .book(let book) = mapper.book(from: record) {
                    problems += check(!book.title.isEmpty && !book.sourceID.isEmpty, "a book without title or id")
                    // A range lies above its first number; every membership has a name.
                    problems += check(
                        book.series.allSatisfy { membership in
                            !membership.name.isEmpty
                                && membership.lastNumber.map { last in membership.number.map { last > $0 } ?? false }
                                    ?? true
                        }, "a series membership without a name or with an empty range")
                }
            }
            return problems
        }

        /// Goodreads library export rows after its header.
        static let goodreadsExportCSV = FuzzTarget("csv-goodreads-export") { data in
            let header = Data(
                ("Book Id,Title,Author,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,"
                    + "Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,"
                    + "Exclusive Shelf\n").utf8)
            var reader = CSVReader(bytes: [UInt8](header + data))
            guard let first = try? reader.next(),
                let mapper = try? GoodreadsExportRow(header: first.fields, reader: "fuzz")
            else { return ["the real Goodreads export header was refused"] }
            while let record = try? reader.next() {
                _ = mapper.rows(from: record, existing: nil)
            }
            return []
        }

        /// One line of an Open Library dump, its JSON read by `DumpJSONReader`: a record whose
        /// texts and lists are within their limits, or a reason; a work, whatever its JSON, makes a
        /// book with a title and its work key.
        static let openLibraryLine = FuzzTarget("openlibrary-line") { data in
            switch OpenLibraryLine.parse([UInt8](data)) {
            case .success(.work(let work)?):
                let book = work.book(authors: [], editions: nil)
                return check(!book.title.isEmpty && book.title.utf8.count <= FieldLimits.title.bytes, "bad title")
                    + check(book.sourceID.hasPrefix("/works/OL"), "a book without its work key")
                    + check(book.tags.count <= FieldLimits.tags.count, "too many subjects kept")
            case .success(.author(_, let name)?):
                return check(!name.isEmpty && name.utf8.count <= FieldLimits.authors.bytes, "bad author name")
            case .success(.edition(let edition)?):
                // The reader cuts each list to what the record keeps as it reads it.
                return check(edition.isbn13.map { $0.count == 13 } ?? true, "an ISBN-13 of another length")
                    + check(
                        edition.works.count <= OpenLibraryJSON.maxWorks
                            && edition.languages.count <= OpenLibraryJSON.maxLanguages
                            && edition.publishers.count <= OpenLibraryJSON.publishers.count
                            && edition.series.count <= OpenLibraryJSON.series.count, "an edition list over its cap")
            case .success, .failure:
                return []
            }
        }

        /// One JSON Lines record: a book with its required fields, or a skip.
        /// A JSON Lines line: the rows it gives are those `JSONDecoder` alone gives, and a book has
        /// its required fields.
        static let jsonLines = FuzzTarget("json-lines") { data in
            let rows = JSONLinesRecord.rows(of: data, line: 1)
            var problems = check(
                rows == JSONLinesRecord.decodedRows(of: data, line: 1), "the reader and the decoder disagree")
            guard case .book(let book) = rows[0] else { return problems }
            problems += check(
                !book.title.isEmpty && !book.source.isEmpty && !book.sourceID.isEmpty, "required field empty")
            return problems
        }
    }
#endif
