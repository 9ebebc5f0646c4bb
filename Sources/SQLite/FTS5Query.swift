/// Builds FTS5 `MATCH` expressions from raw user text.
///
/// FTS5 `MATCH` takes a query language, so text like `AND`, `a"b`, `OPS-306` or `*` either throws
/// or silently changes the meaning. Every token is quoted (inner `"` doubled), so it matches
/// literally; bind the result as a parameter.
///
/// ```swift
/// if let match = FTS5Query.prefix("dune mess") {  // "dune" "mess"*
///     let rows = try await db.query("SELECT rowid FROM books_fts WHERE books_fts MATCH ?", [.text(match)])
/// }
/// ```
public enum FTS5Query {
    /// A search for all tokens of `text`, each quoted, the last one as a prefix; `nil` when
    /// `text` has no letters or digits.
    ///
    /// ```swift
    /// FTS5Query.prefix("OPS-306 ca")  // "OPS-306" "ca"*
    /// ```
    public static func prefix(_ text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace)
            .filter { token in token.contains { $0.isLetter || $0.isNumber } }
        guard !tokens.isEmpty else { return nil }
        return tokens.map(quoted).joined(separator: " ") + "*"
    }

    /// A search for all tokens of `text`, each quoted and matched whole; `nil` when `text` has no
    /// letters or digits.
    ///
    /// ```swift
    /// FTS5Query.allTokens("cats NOT dogs")  // "cats" "NOT" "dogs"
    /// ```
    public static func allTokens(_ text: String) -> String? {
        let tokens = text.split(whereSeparator: \.isWhitespace)
            .filter { token in token.contains { $0.isLetter || $0.isNumber } }
        guard !tokens.isEmpty else { return nil }
        return tokens.map(quoted).joined(separator: " ")
    }

    /// The token in double quotes, every inner `"` doubled, so FTS5 reads it as one string
    /// whatever it holds. Works on Unicode scalars, not characters: `"` followed by a combining
    /// mark is one `Character` that is not `"`, yet FTS5 still sees the quote.
    ///
    /// ```swift
    /// FTS5Query.quoted("a\"b")  // "a""b"
    /// ```
    public static func quoted(_ token: some StringProtocol) -> String {
        var result = String.UnicodeScalarView()
        result.append("\"")
        for scalar in token.unicodeScalars {
            result.append(scalar)
            if scalar == "\"" { result.append("\"") }
        }
        result.append("\"")
        return String(result)
    }
}
