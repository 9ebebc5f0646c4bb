/// Writes words as lexemes of PostgreSQL's `tsquery` and `tsvector` input syntax.
///
/// Casting text to `tsquery` or `tsvector` reads a query language: `&`, `|`, `!`, `<->`, `:*`,
/// `(`, weights… Quoting each word makes it one literal lexeme whatever it holds, and unlike
/// `to_tsquery` the cast does not run the word through the server's parser again (whose idea of
/// a word depends on the server's locale), so the lexeme stays exactly the word given. Bind the
/// result as a parameter.
///
/// ```swift
/// let query = ["les", "miser"].map(TextSearchLexeme.quoted).joined(separator: " & ") + ":*"
/// let rows = try await db.query("SELECT id FROM books WHERE search @@ $1::tsquery", [.text(query)])
/// ```
public enum TextSearchLexeme {
    /// The most UTF-8 bytes a lexeme may have; PostgreSQL refuses longer words in queries and
    /// silently mangles them in `array_to_tsvector`, so callers leave them out.
    ///
    /// ```swift
    /// let indexable = words.filter(TextSearchLexeme.fits)
    /// ```
    public static let maximumByteCount = 2047

    /// Whether `word` is a lexeme PostgreSQL can store: not empty, at most ``maximumByteCount``
    /// bytes, no NUL.
    ///
    /// ```swift
    /// TextSearchLexeme.fits("dune")  // true
    /// ```
    public static func fits(_ word: some StringProtocol) -> Bool {
        fits(String(word))
    }

    /// ``fits(_:)-(StringProtocol)`` for a `String`, without the generic walk over its bytes
    /// (called from another module, the generic one is not specialized: a call per byte).
    public static func fits(_ word: String) -> Bool {
        var word = word
        return !word.isEmpty && word.utf8.count <= maximumByteCount && !word.withUTF8 { $0.contains(0) }
    }

    /// `word` in single quotes, with `'` and `\` escaped by a backslash.
    ///
    /// ```swift
    /// TextSearchLexeme.quoted("it's")  // 'it\'s'
    /// ```
    public static func quoted(_ word: some StringProtocol) -> String {
        var literal: [UInt8] = []
        appendQuoted(String(word), to: &literal)
        return String(decoding: literal, as: UTF8.self)
    }

    /// Appends ``quoted(_:)`` of `word` to `literal`, as UTF-8: for a `tsvector` or `tsquery`
    /// literal of many lexemes, written in one buffer.
    ///
    /// ```swift
    /// var literal: [UInt8] = []
    /// TextSearchLexeme.appendQuoted("it's", to: &literal)  // the bytes of 'it\'s'
    /// ```
    public static func appendQuoted(_ word: String, to literal: inout [UInt8]) {
        literal.append(UInt8(ascii: "'"))
        literal.appendEscaped(word, quote: UInt8(ascii: "'"))
        literal.append(UInt8(ascii: "'"))
    }
}
