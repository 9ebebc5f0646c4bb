/// What a provider reads a cursor a client sent back as (``SearchProvider/readCursor(_:)``): the
/// first page, a later page in the one spelling the provider writes, or not a cursor of its own.
///
/// A server keys its cache on the reading, never on the text a client sent, and asks the
/// upstream for exactly that: two spellings of one position are one cache entry, and text that
/// is no cursor is refused before anything is searched or cached (SECURITY.md T19).
///
/// ```swift
/// commons.readCursor("020")  // .page(SearchCursor("20"))
/// commons.readCursor("0")    // .firstPage — the same search as no cursor
/// commons.readCursor("x")    // .invalid
/// ```
public enum CursorReading: Hashable, Sendable {
    /// The first page: the same search as no cursor at all.
    case firstPage
    /// A later page, spelled as the provider writes it.
    case page(SearchCursor)
    /// Not a cursor this provider writes.
    case invalid

    /// A whole number of ASCII digits only — no sign, space or other script's digits; leading
    /// zeros allowed (they are another spelling of the same number) — within `range`; nil for
    /// anything else.
    ///
    /// ```swift
    /// CursorReading.number("007", in: 0...100)  // 7
    /// CursorReading.number("+7", in: 0...100)   // nil
    /// ```
    public static func number(_ text: some StringProtocol, in range: ClosedRange<Int>) -> Int? {
        // 20 digits is past Int.max: a longer run is refused before it is read.
        guard !text.isEmpty, text.utf8.count <= 20, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int(text), range.contains(value)
        else { return nil }
        return value
    }
}
