import Foundation

/// What makes two records one book: the keys a book is known by, and the folded title and
/// first author that match it when no key or ISBN does.
///
/// A book's keys are its own ``BookKey`` first, then the keys other sources would give the same
/// work. Goodreads numbers its books, and three sources name that number: goodbooks-10k's
/// `goodreads_book_id`, a Goodreads export's Book Id, and a crawled
/// `goodreads.com/book/show/<id>` page; each gets the alias key (``goodreadsSource``, id), so
/// the three meet on it.
///
/// ```swift
/// BookIdentity.keys(of: goodbooksHungerGames)
/// // [goodbooks:2767052, goodreads-id:2767052]
/// BookIdentity.matchKey(title: "The Hunger Games", authors: ["Suzanne Collins"])
/// // "the hunger games\u{1F}suzanne collins"
/// ```
public enum BookIdentity {
    /// Bumped whenever ``keys(of:)`` or ``matchKey(title:authors:)`` give something new, so
    /// stores compute their keys again for the books they already hold when they open.
    public static let version: Int64 = 1

    /// The source of alias keys naming a Goodreads book number.
    public static let goodreadsSource = "goodreads-id"

    /// Sources whose keys are derived from others (aliases), never imported under.
    public static let aliasSources: Set<String> = [goodreadsSource]

    /// `book`'s own key, then its aliases: `BookIdentity.keys(of: book).first == BookKey(book)`.
    public static func keys(of book: Book) -> [BookKey] {
        var keys = [BookKey(book)]
        if let id = goodreadsID(of: book) {
            let alias = BookKey(source: goodreadsSource, sourceID: id)
            if alias != keys[0] { keys.append(alias) }
        }
        return keys
    }

    /// The Goodreads book number `book` names: goodbooks' and Goodreads exports' source ids are
    /// such numbers, and any source's book page may be a Goodreads one.
    ///
    /// ```swift
    /// BookIdentity.goodreadsID(of: crawledPage)  // "2767052" for …/book/show/2767052.The_Hunger_Games
    /// ```
    public static func goodreadsID(of book: Book) -> String? {
        if book.source == GoodbooksRow.source || book.source == GoodreadsExportRow.source {
            return positiveNumber(book.sourceID)
        }
        for address in [book.sourceURL?.absoluteString, book.sourceID].compactMap(\.self) {
            if let id = goodreadsID(inAddress: address) { return id }
        }
        return nil
    }

    /// The number in a `https://www.goodreads.com/book/show/<number>[.-_title]` address.
    static func goodreadsID(inAddress address: String) -> String? {
        guard let url = URL(string: address), let host = url.host?.lowercased(),
            host == "goodreads.com" || host.hasSuffix(".goodreads.com")
        else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count >= 3, parts[0] == "book", parts[1] == "show" else { return nil }
        return positiveNumber(String(parts[2].prefix { $0.isASCII && $0.isNumber }))
    }

    private static func positiveNumber(_ text: String) -> String? {
        guard let number = Int64(text), number > 0 else { return nil }
        return String(number)
    }

    /// The title's words and the first author's words, folded as search folds them
    /// (``SearchText/words(in:)``: case, diacritics, punctuation and width forgotten), joined by
    /// U+001F; `nil` when either has no words — a title alone says too little to match on.
    ///
    /// ```swift
    /// BookIdentity.matchKey(title: "Les Misérables", authors: ["Victor Hugo"])
    ///     == BookIdentity.matchKey(title: "LES MISERABLES!", authors: ["victor  hugo", "Someone"])  // true
    /// ```
    public static func matchKey(title: String, authors: [String]) -> String? {
        let titleWords = SearchText.words(in: title)
        let authorWords = SearchText.words(in: authors.first ?? "")
        guard !titleWords.isEmpty, !authorWords.isEmpty else { return nil }
        return titleWords.joined(separator: " ") + "\u{1F}" + authorWords.joined(separator: " ")
    }

    /// ``matchKey(title:authors:)`` of `book`.
    public static func matchKey(of book: Book) -> String? {
        matchKey(title: book.title, authors: book.authors)
    }

    /// The match keys a record of `book` is looked up by: its title's (``matchKey(of:)``),
    /// then each alternate title's but the title's own head ("The Hobbit" of "The Hobbit: or
    /// There and Back Again", which another book of the author may be called), so a record
    /// whose source gives the original title meets the book stored under it: goodbooks' "Harry
    /// Potter and the Sorcerer's Stone" (original title "… Philosopher's Stone") the starter
    /// catalog's "Harry Potter and the Philosopher's Stone". Only a stored book's title is
    /// looked up; the stores index that alone.
    ///
    /// ```swift
    /// BookIdentity.matchKeys(of: sorcerersStone).count  // 2: the title's, the original title's
    /// ```
    public static func matchKeys(of book: Book) -> [String] {
        matchKeys(of: book, own: matchKey(of: book))
    }

    /// ``matchKeys(of:)`` of `book`, whose own ``matchKey(of:)`` is `own`, so that a caller
    /// holding it (``BookMatchKeys``) does not fold the title again.
    static func matchKeys(of book: Book, own: String?) -> [String] {
        let head = AlternateTitles.withoutSubtitle(book.title).flatMap { matchKey(title: $0, authors: book.authors) }
        var keys: [String] = []
        for key in [own] + book.alternateTitles.map({ matchKey(title: $0, authors: book.authors) }) {
            guard let key, key != head, !keys.contains(key) else { continue }
            keys.append(key)
        }
        return keys
    }

    /// How many years apart two records of one work may date it: a book is dated by its first
    /// edition, its serialisation, its translation or its publisher's year ("The Little Prince",
    /// 1943 in French, 1946 in goodbooks; "Diary of a Wimpy Kid", 2004 online, 2007 in print).
    public static let yearTolerance = 3

    /// Whether two books with the same ``matchKey(of:)`` may be one: not when both give a
    /// year and the years are more than ``yearTolerance`` apart (a remake, a new book of the
    /// same name), nor when both give a number in a series and the numbers differ (volumes
    /// titled alike).
    ///
    /// ```swift
    /// BookIdentity.mayBeSameWork(promise1, promise2)  // false: #1 and #2
    /// ```
    public static func mayBeSameWork(_ one: Book, _ other: Book) -> Bool {
        if let first = one.year, let second = other.year, abs(first - second) > yearTolerance { return false }
        if let first = one.seriesNumber, let second = other.seriesNumber, first != second { return false }
        return true
    }
}
