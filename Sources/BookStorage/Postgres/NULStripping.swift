import BookCatalog
import Foundation

// PostgreSQL `text` cannot hold NUL, so the PostgreSQL store removes it from every string it
// stores or looks up (SQLite would keep it; no real catalog has one).

extension String {
    /// The string without NUL characters: `"a\u{0}b".withoutNUL == "ab"`.
    var withoutNUL: String {
        utf8.contains(0) ? String(unicodeScalars.filter { $0 != "\u{0}" }) : self
    }
}

extension ImportBatch {
    /// The batch with NUL removed from every string: what the PostgreSQL store writes (and how
    /// many records follow it, which decides whether it defers the word counts).
    var withoutNUL: ImportBatch {
        ImportBatch(
            books: books.map(\.withoutNUL),
            tags: tags.map { BookTags(book: $0.book.withoutNUL, tags: $0.tags.map(\.withoutNUL)) },
            readings: readings.map {
                Reading(
                    reader: $0.reader.withoutNUL, book: $0.book.withoutNUL, rating: $0.rating,
                    wantsToRead: $0.wantsToRead)
            },
            links: links.map { ListedLink(from: $0.from.withoutNUL, to: $0.to) },
            aliases: aliases.map { BookAlias(book: $0.book.withoutNUL, alias: $0.alias.withoutNUL) },
            relations: relations.map {
                KeyedRelation(
                    kind: $0.kind, from: $0.from.withoutNUL, to: $0.to.withoutNUL, score: $0.score,
                    reason: $0.reason.withoutNUL)
            },
            checkpoint: checkpoint.map { ImportCheckpoint(name: $0.name.withoutNUL, position: $0.position) },
            recordsToFollow: recordsToFollow)
    }
}

extension ImportBatch {
    /// ``matchKeys`` as they are for ``withoutNUL``'s books, `nil` when none were computed or
    /// they do not fit the books. NUL parts words (`"Du\u{0}ne"` folds to "du ne", `"Dune"` to
    /// "dune") and is dropped from keys, so a book whose source, source id, title, alternate
    /// titles or first author hold one has its keys worked out again without it; no real catalog
    /// has one, so the others' keys are kept as given.
    var matchKeysWithoutNUL: [BookMatchKeys]? {
        guard let matchKeys, matchKeys.count == books.count else { return nil }
        return zip(books, matchKeys).map { book, keys in
            let names = [book.source, book.sourceID, book.title] + book.alternateTitles + book.authors.prefix(1)
            guard names.contains(where: { $0.utf8.contains(0) }) else { return keys }
            return BookMatchKeys(of: book.withoutNUL)
        }
    }
}

extension BookKey {
    /// The key without NUL: how the PostgreSQL store finds the book.
    var withoutNUL: BookKey { BookKey(source: source.withoutNUL, sourceID: sourceID.withoutNUL) }
}

extension Book {
    /// The book without NUL in any string; URLs cannot hold one.
    var withoutNUL: Book {
        var book = self
        book.source = source.withoutNUL
        book.sourceID = sourceID.withoutNUL
        book.title = title.withoutNUL
        book.series = series.map {
            SeriesMembership(
                name: $0.name.withoutNUL, number: $0.number, lastNumber: $0.lastNumber, part: $0.part?.withoutNUL)
        }
        book.alternateTitles = alternateTitles.map(\.withoutNUL)
        book.authors = authors.map(\.withoutNUL)
        book.isbn10 = isbn10?.withoutNUL
        book.isbn13 = isbn13?.withoutNUL
        book.language = language?.withoutNUL
        book.tags = tags.map(\.withoutNUL)
        book.description = description?.withoutNUL
        return book
    }
}
