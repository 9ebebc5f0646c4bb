/// The other titles a book is known by (``Book/alternateTitles``), derived from what a source
/// gives: its original title, when it is more than the title written another way, and the title
/// without its subtitle.
///
/// Titles compare as search sees them: the letters and digits of their folded words
/// (``SearchText/words(in:)``), whatever the case, diacritics, spaces and punctuation between.
/// So "THE HOBBIT", "The Hobbit!" and "Enders Game" (for "Ender's Game") are no alternates: an
/// alternate must find the book by words its title does not already give.
///
/// ```swift
/// AlternateTitles.derived(title: "The Little Prince", originalTitle: "Le Petit Prince")
/// // ["Le Petit Prince"]
/// AlternateTitles.derived(title: "The Hobbit: or There and Back Again", originalTitle: nil)
/// // ["The Hobbit"]
/// ```
public enum AlternateTitles {
    /// The alternate titles of a book titled `title` (without its series suffix) whose source
    /// gives `originalTitle`: the original title unless it has the title's words, then the title
    /// before its first `": "` when that part has at least two words or four letters and digits
    /// ("It: A Novel" keeps no "It"). Distinct, in that order.
    ///
    /// ```swift
    /// AlternateTitles.derived(
    ///     title: "Harry Potter and the Sorcerer's Stone",
    ///     originalTitle: "Harry Potter and the Philosopher's Stone")
    /// // ["Harry Potter and the Philosopher's Stone"]
    /// AlternateTitles.derived(title: "Sapiens: A Brief History of Humankind", originalTitle: nil)
    /// // ["Sapiens"]
    /// ```
    public static func derived(title: String, originalTitle: String?) -> [String] {
        cleaned([originalTitle, withoutSubtitle(title)].compactMap { $0 }, title: title)
    }

    /// `titles` as a book titled `title` keeps them: each without a series suffix (as the title
    /// is kept: "Big Boned (Heather Wells, #3)" is "Big Boned", else every book of a series would
    /// go by its name as a title), trimmed, those without words or with the title's words (or an
    /// earlier one's) left out, in order. Importers of files that list alternate titles pass them
    /// through here; how many and how long is ``FieldLimits/alternateTitles``, which every batch
    /// is capped to before it is stored.
    ///
    /// ```swift
    /// AlternateTitles.cleaned(["Le Petit Prince", "le petit prince!", "  ", "The Little Prince"], title: "The Little Prince")
    /// // ["Le Petit Prince"]
    /// ```
    public static func cleaned(_ titles: [String], title: String) -> [String] {
        // Compared as far as they are kept: folding a megabyte of text for search costs seconds.
        var seen: Set<String> = [comparable(FieldLimits.title.cut(title))]
        var kept: [String] = []
        for candidate in titles {
            let trimmed = SeriesTitle(parsing: candidate).title.trimmingWhitespace()
            let key = comparable(FieldLimits.alternateTitles.cut(trimmed))
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            kept.append(trimmed)
        }
        return kept
    }

    /// `title` as titles compare: its folded words run together, so spaces and punctuation
    /// (which search's joined words bridge: "enders" finds "Ender's") make no difference.
    private static func comparable(_ title: String) -> String {
        SearchText.words(in: title).joined()
    }

    /// `title` before its first `": "`, when that part is a title of its own (two words, or
    /// one of four letters and digits); `nil` otherwise.
    ///
    /// ```swift
    /// AlternateTitles.withoutSubtitle("The Hobbit: or There and Back Again")  // "The Hobbit"
    /// AlternateTitles.withoutSubtitle("It: A Novel")                          // nil
    /// ```
    static func withoutSubtitle(_ title: String) -> String? {
        guard let colon = title.firstRange(of: ": ") else { return nil }
        let main = title[..<colon.lowerBound].trimmingWhitespace()
        let words = SearchText.words(in: FieldLimits.alternateTitles.cut(main))
        guard words.count >= 2 || words.reduce(0, { $0 + $1.count }) >= 4 else { return nil }
        return main
    }
}
