import Foundation

/// One language's messages: key → text, read from the JSON file embedded for it
/// (`Sources/Localization/Assets/<code>.json`, a flat object of strings).
///
/// Keys name where a text is shown (`page.submit`, `tui.status.searching`); `{name}` marks a
/// value filled in when the text is used. A count's text comes in forms: `<key>.one` and
/// `<key>.other` (English needs both; Japanese says the same for any count).
///
/// ```swift
/// MessageCatalog.shipped[.japanese]?.texts["page.submit"]   // "検索"
/// ```
public struct MessageCatalog: Sendable {
    public let language: Language
    public let texts: [String: String]

    public init(language: Language, texts: [String: String]) {
        self.language = language
        self.texts = texts
    }

    /// Every catalog Scout ships, by language. A catalog that does not decode is left out
    /// (its texts then fall back to English); `MessageCatalogTests` fails the build's tests
    /// first, so no such catalog ships.
    public static let shipped: [Language: MessageCatalog] = {
        var catalogs: [Language: MessageCatalog] = [:]
        for language in Language.allCases {
            guard let bytes = EmbeddedAssets.files["\(language.code).json"],
                let texts = try? JSONDecoder().decode([String: String].self, from: Data(bytes))
            else { continue }
            catalogs[language] = MessageCatalog(language: language, texts: texts)
        }
        return catalogs
    }()

    /// The English catalog: every key Scout uses, and the text of any key another lacks.
    public static var english: MessageCatalog {
        shipped[.english] ?? MessageCatalog(language: .english, texts: [:])
    }
}
