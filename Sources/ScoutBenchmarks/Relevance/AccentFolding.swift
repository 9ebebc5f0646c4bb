import Foundation

/// How a person types a title on a keyboard without accents: "Les Misérables" as
/// "Les Miserables".
enum AccentFolding {
    /// `title` without its diacritics, or `nil` when it has none, or when some letter stays
    /// outside ASCII without them (ø, ß, kana), which a person would not type as plain letters.
    ///
    /// ```swift
    /// AccentFolding.typedWithoutAccents("Shōgun")  // "Shogun"
    /// ```
    static func typedWithoutAccents(_ title: String) -> String? {
        let plain = title.folding(options: .diacriticInsensitive, locale: nil)
        guard plain != title, plain.allSatisfy({ $0.isASCII || !$0.isLetter }) else { return nil }
        return plain
    }
}
