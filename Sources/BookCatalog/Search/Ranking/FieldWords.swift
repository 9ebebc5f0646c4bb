/// The fields of a book that search reads, in the order the ranking rules prefer them.
public enum BookField: Int, Sendable, Hashable, Comparable, Codable {
    case title, series, authors, tags

    public static func < (left: BookField, right: BookField) -> Bool { left.rawValue < right.rawValue }
}

/// One word of a book's field: folded as search folds it, where it stands among the field's
/// words, and where it is in the original text.
struct FieldWord: Sendable, Hashable {
    let field: BookField
    /// Which title (0 for the title, then its alternate titles), series, author or tag; a
    /// reading form of one (``SearchText/ReadingForm``) is an element of its own, numbered
    /// from ``readingElements`` on.
    let element: Int
    /// The element whose text holds ``range``: ``element``, or the one a reading form reads.
    let written: Int
    /// Whether it is another spelling of the text's words (a reading, a Hangul word's letters),
    /// not a word of the text: not counted among a title's words, and highlighted whole.
    let isForm: Bool
    /// The word's index in its field; the words of consecutive authors or tags are a gap apart,
    /// so words in two of them never count as neighbours.
    let position: Int
    let folded: String
    /// The word in its element's text, in UTF-16 code units.
    let range: Range<Int>
    /// How many words of the text it is: 1, or more for words joined as people type them
    /// together ("enders" of "Ender's"; see ``SearchText/indexTokens(in:)``), which stand at
    /// their first part's position and reach to their last's.
    let parts: Int
    /// Where it stands in its own element, for the position rule: 0 for the first word of an
    /// alternate title or a second author as of the first, and a title's leading article ("The",
    /// "A", "Le") not counted, as libraries file titles — "sisterhood" begins "The Sisterhood of
    /// the Traveling Pants" as it begins "Sisterhood Everlasting". An author's words all stand
    /// at the author's place among the authors: the first author's books before those the
    /// author only helped write, whichever word of the name was typed.
    let placeInElement: Int

    /// The position of its last part.
    var lastPosition: Int { position + parts - 1 }
}

extension FieldWord {
    /// Positions between the last word of one author or tag and the first of the next.
    static let elementGap = 8

    /// The first element number of reading forms: past any a field's texts can have.
    static let readingElements = 1 << 16

    /// The words of `book`'s searched fields, field by field: the title (its alternate titles
    /// as further elements of it), the series names and
    /// the authors, the fields the stores' indexes find books by (a word in a tag alone would
    /// rank a book the store never offered for it).
    static func words(of book: Book) -> [FieldWord] {
        var words: [FieldWord] = []
        var readingElement = readingElements
        func add(_ texts: [String], as field: BookField) {
            var position = 0
            for (element, text) in texts.enumerated() {
                if element > 0 { position += elementGap }
                var last = 0
                let tokens = SearchText.indexTokens(in: text)
                let skipsArticle =
                    field == .title && tokens.count > 1 && SearchText.leadingArticles.contains(tokens[0].folded)
                for token in tokens {
                    words.append(
                        FieldWord(
                            field: field, element: element, written: element, isForm: token.isForm,
                            position: position + token.first, folded: token.folded, range: token.range,
                            parts: token.parts,
                            placeInElement: field == .authors
                                ? element : token.first - (skipsArticle && token.first > 0 ? 1 : 0)))
                    last = max(last, token.first + token.parts)
                }
                position += last
                // A reading covers the text's words in their script: from the first to the last.
                let read = tokens.filter { SearchText.isCJKWord($0.folded) }.map(\.range)
                guard let first = read.first, let end = read.last else { continue }
                for form in SearchText.readingForms(of: text, readings: book.textReadings) {
                    for word in form.words {
                        words.append(
                            FieldWord(
                                field: field, element: readingElement, written: element, isForm: true,
                                position: word.position, folded: word.folded,
                                range: first.lowerBound..<end.upperBound, parts: word.parts,
                                placeInElement: field == .authors ? element : word.position))
                    }
                    readingElement += 1
                }
            }
        }
        add([book.title] + book.alternateTitles, as: .title)
        add(book.series.map(\.name), as: .series)
        add(book.authors, as: .authors)
        return words
    }
}
