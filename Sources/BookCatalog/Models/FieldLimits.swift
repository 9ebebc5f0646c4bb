import Foundation

/// How much one field of a book may hold: at most ``bytes`` of UTF-8 in each value, and at most
/// ``count`` values in a list.
///
/// ```swift
/// FieldLimits.title.cut(String(repeating: "é", count: 2_000))   // the first 512 é (1,024 bytes)
/// ```
public struct FieldLimit: Sendable, Hashable {
    /// The most UTF-8 bytes of one value.
    public let bytes: Int
    /// The most values of a list field; 1 for a single value.
    public let count: Int

    /// Makes a limit: `FieldLimit(bytes: 256, count: 50)`.
    public init(bytes: Int, count: Int = 1) {
        self.bytes = bytes
        self.count = count
    }

    /// `text` cut to at most ``bytes`` of UTF-8, after its last whole character that fits, so no
    /// letter loses its accent and no emoji its skin tone; `text` itself when it fits. A first
    /// character larger than the limit (a letter under thousands of combining marks) is cut
    /// between its scalars instead, so the cut never leaves nothing of a value that had something.
    ///
    /// ```swift
    /// FieldLimit(bytes: 5).cut("ab👍🏽")   // "ab"
    /// ```
    public func cut(_ text: String) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.startIndex
        var used = 0
        while end < text.endIndex {
            let next = text.index(after: end)
            used += text.utf8.distance(from: end, to: next)
            guard used <= bytes else { break }
            end = next
        }
        if end == text.startIndex {
            var scalars = 0
            for scalar in text.unicodeScalars {
                guard scalars + scalar.utf8.count <= bytes else { break }
                scalars += scalar.utf8.count
            }
            end = text.utf8.index(text.startIndex, offsetBy: scalars)
        }
        return String(text[..<end])
    }
}

/// The caps on what a book may hold, in one place: every way a book enters the catalog — the
/// goodbooks-10k, Goodreads export and JSON Lines importers, the crawler — caps its fields
/// with these before they are stored (``Book/capFields()``, ``ImportBatch/capFields()``), and
/// counts the fields it cut in its summary. Real books stay far below them; a hostile page or
/// file with megabyte titles is stored cut, never whole.
///
/// Text is cut after its last whole character (``FieldLimit/cut(_:)``); a list keeps its first
/// entries; a URL or ISBN over its limit is dropped, since part of one names nothing.
///
/// ```swift
/// var book = Book(source: "crawl", sourceID: url, title: hugeTitle)
/// book.capFields()   // 1: the title was cut to FieldLimits.title.bytes
/// ```
public enum FieldLimits {
    /// A title: the longest real ones run to a few hundred characters.
    public static let title = FieldLimit(bytes: 1_024)
    /// Other titles a book is known by (``Book/alternateTitles``): a source gives one or two, the
    /// rest is noise.
    public static let alternateTitles = FieldLimit(bytes: 1_024, count: 8)
    /// Readings of a book's texts (``Book/textReadings``): one for the title, each series and
    /// each author, as long as the text it reads at most.
    public static let textReadings = FieldLimit(bytes: 1_024, count: 24)
    /// Authors in credit order: an anthology credits dozens.
    public static let authors = FieldLimit(bytes: 256, count: 50)
    /// Series memberships and each series' name.
    public static let series = FieldLimit(bytes: 512, count: 20)
    /// A membership's part, such as `Part 1`.
    public static let seriesPart = FieldLimit(bytes: 64)
    /// Tags or shelves and each tag's name.
    public static let tags = FieldLimit(bytes: 128, count: 100)
    /// A description or blurb: a long blurb is a few thousand characters.
    public static let description = FieldLimit(bytes: 16_384)
    /// A language code or name (BCP 47 tags stay under 35 characters).
    public static let language = FieldLimit(bytes: 64)
    /// An ISBN as the source writes it, hyphens and all.
    public static let isbn = FieldLimit(bytes: 32)
    /// A URL: covers, a book's page, a listed link — and every address the crawler reads.
    public static let url = FieldLimit(bytes: 2_048)
    /// A source's name, such as `goodbooks`: half a book's natural key, never cut (a record whose
    /// key is longer is refused).
    public static let source = FieldLimit(bytes: 64)
    /// A book's id at its source (a crawled book's is its address): the other half, never cut.
    public static let sourceID = FieldLimit(bytes: 2_048)
}
