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
        // Encoding an array of strings cannot fail.
        String(decoding: (try? JSONEncoder().encode(strings)) ?? Data("[]".utf8), as: UTF8.self)
    }

    /// The strings of a JSON array; empty for anything else.
    static func strings(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }

    /// The URL in `text`, if it is one.
    static func url(_ text: String?) -> URL? {
        text.flatMap(URL.init(string:))
    }
}

extension SQLiteBookStore: StoredColumns {}
extension PostgresBookStore: StoredColumns {}
