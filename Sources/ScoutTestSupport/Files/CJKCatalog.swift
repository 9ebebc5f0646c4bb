import Foundation

/// A catalog of well-known Japanese, Chinese and Korean books of Scout's own (with readings given
/// for the names dictionaries read wrong), and queries typed in every form a reader of them
/// types — kana being composed, romaji, pinyin, traditional for simplified, Hangul mid-syllable —
/// each with the book it is for. The CJK search tests and the `cjk` benchmark read them.
///
/// ```swift
/// let queries = try CJKCatalog.queries()   // [("うみべのk", ["kafka"], "kana then Latin"), …]
/// ```
public enum CJKCatalog {
    /// One typed query and the books it is for.
    public struct Query: Sendable, Hashable {
        public let text: String
        /// The `sourceID`s of the books it is for; any one among the first results counts.
        public let books: Set<String>
        /// The form it is typed in, for reports.
        public let form: String
    }

    /// The catalog as JSON Lines (source `cjk-test`).
    public static var catalogFile: URL { folder.appendingPathComponent("cjk-catalog.jsonl") }

    /// The queries, from `cjk-queries.tsv`. Throws when the file cannot be read.
    public static func queries() throws -> [Query] {
        let text = try String(contentsOf: folder.appendingPathComponent("cjk-queries.tsv"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { return nil }
            return Query(text: fields[0], books: Set(fields[1].split(separator: "|").map(String.init)), form: fields[2])
        }
    }

    private static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures")
    }
}
