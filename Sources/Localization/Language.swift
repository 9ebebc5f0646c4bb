import Foundation

/// A language Scout's own words come in: the page, the page without JavaScript, the terminal
/// app and `scout search`'s lines for people. Each has a catalog in `Assets/<code>.json`;
/// English is complete by definition, and what another catalog lacks falls back to it.
///
/// ```swift
/// Language(code: "ja-JP")    // .japanese
/// Language.japanese.name     // "日本語", as its readers write it, for the language switch
/// ```
public enum Language: String, CaseIterable, Sendable, Hashable, Codable {
    case english = "en"
    case japanese = "ja"

    /// The language of a BCP 47 tag or POSIX locale name by its primary subtag
    /// (`ja`, `ja-JP`, `ja_JP.UTF-8`, `EN-gb`); nil for a language Scout has no catalog of.
    public init?(code: some StringProtocol) {
        let primary = code.split(whereSeparator: { "-_.@".contains($0) }).first.map { $0.lowercased() } ?? ""
        guard let language = Language(rawValue: primary) else { return nil }
        self = language
    }

    /// The BCP 47 tag: `<html lang>`, `Content-Language`, the `hl` parameter and cookie.
    public var code: String { rawValue }

    /// The language's own name for itself, as the switch shows it to someone who reads it.
    public var name: String {
        switch self {
        case .english: "English"
        case .japanese: "日本語"
        }
    }

    /// The locale numbers and dates are formatted in.
    public var locale: Locale {
        switch self {
        case .english: Locale(identifier: "en_US")
        case .japanese: Locale(identifier: "ja_JP")
        }
    }
}
