import Testing

@testable import Postgres

/// Array parameters and `tsvector`/`tsquery` lexemes are written as UTF-8 bytes (issue #37: the
/// character-by-character writing took a share of an import's client time): the same literals
/// as the character-by-character writing, and the server reads back what was given.
@Suite("PostgreSQL literals written as UTF-8")
struct UTF8LiteralTests {
    static let awkward: [String] = [
        "", "plain", "it's", "back\\slash", "\"quoted\"", "\\\"", "'\\'", "東京の本屋 📚", "e\u{301}",
        "\u{202E}rtl", "{a,b}", "NULL", "tab\tnew\nline", "ends with \\", String(repeating: "ß'\"", count: 300),
    ]

    /// The array literal as it was written before, a Unicode scalar at a time.
    static func scalarArray(_ elements: [String?]) -> String {
        var literal = "{"
        for (index, element) in elements.enumerated() {
            if index > 0 { literal += "," }
            guard let element else {
                literal += "NULL"
                continue
            }
            literal += "\""
            for character in element.unicodeScalars {
                if character == "\"" || character == "\\" { literal += "\\" }
                literal.unicodeScalars.append(character)
            }
            literal += "\""
        }
        return literal + "}"
    }

    /// The lexeme as it was quoted before, a Unicode scalar at a time.
    static func scalarQuoted(_ word: String) -> String {
        var result = String.UnicodeScalarView()
        result.append("'")
        for scalar in word.unicodeScalars {
            if scalar == "'" || scalar == "\\" { result.append("\\") }
            result.append(scalar)
        }
        result.append("'")
        return String(result)
    }

    @Test func arrayLiteralsAreTheOnesWrittenByScalar() {
        let elements: [String?] = Self.awkward + [nil]
        #expect(PostgresValue.array(elements) == Self.scalarArray(elements))
        #expect(PostgresValue.array([]) == "{}")
        for element in elements { #expect(PostgresValue.array([element]) == Self.scalarArray([element])) }
    }

    @Test func lexemesAreTheOnesQuotedByScalar() {
        for word in Self.awkward {
            #expect(TextSearchLexeme.quoted(word) == Self.scalarQuoted(word))
            #expect(TextSearchLexeme.quoted(word.dropFirst()) == Self.scalarQuoted(String(word.dropFirst())))
            var bytes: [UInt8] = Array("x ".utf8)
            TextSearchLexeme.appendQuoted(word, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x " + Self.scalarQuoted(word))
        }
    }

    @Test func aStringFitsAsAnyOtherTextDoes() {
        let long = String(repeating: "é", count: 1024)  // 2,048 bytes: one too many
        for word in Self.awkward + [long, String(long.dropFirst()), "a\u{0}b"] {
            let expected = !word.isEmpty && word.utf8.count <= 2047 && !word.utf8.contains(0)
            #expect(TextSearchLexeme.fits(word) == expected)
            #expect(TextSearchLexeme.fits(word[...]) == expected)
        }
    }

    @Test(.enabled(if: TestServer.url != nil, TestServer.missing))
    func theServerReadsBackWhatWasWritten() async throws {
        let db = try await TestServer.connect()
        let words = Self.awkward.filter { !$0.isEmpty }
        let elements = try await db.query(
            "SELECT element FROM unnest($1::text[]) WITH ORDINALITY AS a (element, n) ORDER BY n",
            [.textArray(words + [nil])]
        ) { try $0.optionalString(0) }
        #expect(elements == words + [nil])
        let vector = words.map(TextSearchLexeme.quoted).joined(separator: " ")
        let lexemes = try await db.query("SELECT unnest(tsvector_to_array($1::tsvector))", [.text(vector)]) {
            try $0.string(0)
        }
        #expect(Set(lexemes) == Set(words))
    }
}
