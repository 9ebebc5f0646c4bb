import Testing

@testable import BookCatalog

/// The byte-level shortcuts of the line reader give what the character walks they skip gave.
extension OpenLibraryLineTests {
    /// The cleaning the shortcut stands in for: trimmed, cut to `limit`, trimmed again.
    static func walked(_ text: String, _ limit: FieldLimit) -> String? {
        let trimmed = limit.cut(text.trimmingWhitespace()).trimmingWhitespace()
        return trimmed.isEmpty ? nil : trimmed
    }

    @Test(
        "a text kept as it is only when neither trimming nor cutting would change it",
        arguments: [
            "Fantasy", "A", "", " ", "\t", " Fantasy", "Fantasy ", "Fantasy\n", "\u{00A0}Fantasy", "Fantasy\u{2003}",
            "\u{3000}", "é", "Éire", "Fantasy é", "a\u{0301}", "\u{0301}a", "\u{0600}a", "a\u{200B}", "x\r\n",
            "\u{1F600}", "sci-fi!", "~", "!", String(repeating: "a", count: 300),
            "a" + String(repeating: " ", count: 130), String(repeating: "é", count: 70) + "a",
        ])
    func cleanedShortcut(text: String) {
        for limit in [FieldLimits.tags, FieldLimit(bytes: 4, count: 1), OpenLibraryJSON.publishers] {
            #expect(OpenLibraryLine.cleaned(text, limit) == Self.walked(text, limit), "\(limit.bytes) bytes")
        }
    }

    @Test(
        "a language key's code read from its bytes",
        arguments: [
            ("/languages/eng", "eng"), ("/languages/e", nil), ("/languages/abcdefgh", "abcdefgh"),
            ("/languages/abcdefghi", nil), ("/languages/fré", nil), ("/languages/", nil), ("/language/eng", nil),
            ("/languages/\u{0301}en", nil), ("eng", nil), ("/LANGUAGES/eng", nil), ("/languages/e\r\n", "e\r\n"),
        ] as [(String, String?)])
    func languageCodes(key: String, code: String?) {
        #expect(OpenLibraryJSON.languageCode(key) == code)
    }
}
