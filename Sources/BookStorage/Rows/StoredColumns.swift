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

    /// The URL in `text`, if it is one.
    static func url(_ text: String?) -> URL? {
        text.flatMap(URL.init(string:))
    }
}

extension SQLiteBookStore: StoredColumns {}
extension PostgresBookStore: StoredColumns {}
