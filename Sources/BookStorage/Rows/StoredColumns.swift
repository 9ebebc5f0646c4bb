import BookCatalog
import Foundation

/// How both stores keep a book's lists and links in columns: lists of strings as JSON arrays
/// (`text` in SQLite, `jsonb` in PostgreSQL), URLs as their text. One place, so a book reads
/// back the same from either store.
///
/// ```swift
/// extension SQLiteBookStore: StoredColumns {}
/// let authors = SQLiteBookStore.strings(try row.string("authors"))
/// ```
protocol StoredColumns {}

extension StoredColumns {
    /// `strings` as a JSON array: `json(["a", "b"]) == #"["a","b"]"#`.
    static func json(_ strings: [String]) -> String {
        JSONStringArray.encode(strings)
    }

    /// The strings of a JSON array; empty for anything else.
    static func strings(_ json: String) -> [String] {
        JSONStringArray.decode(json) ?? []
    }

    /// ``Book/textReadings`` as both stores keep them: a JSON array of each text followed by its
    /// reading, in the texts' order (`["人間失格","ニンゲン シッカク"]`), so a row reads them with
    /// the string-array reader and writes the same bytes for the same readings.
    static func json(readings: [String: String]) -> String {
        JSONStringArray.encode(readings.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] })
    }

    /// The readings ``json(readings:)`` wrote; a text without its reading is left out.
    static func readings(_ json: String) -> [String: String] {
        guard json != "[]" else { return [:] }
        let strings = strings(json)
        return Dictionary(
            stride(from: 0, to: strings.count - 1, by: 2).map { (strings[$0], strings[$0 + 1]) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The URL in `text`, if it is one.
    static func url(_ text: String?) -> URL? {
        text.flatMap(URL.init(string:))
    }
}

extension SQLiteBookStore: StoredColumns {}
extension PostgresBookStore: StoredColumns {}
