import InstantSearch

/// The languages a tab can search in (Wikipedia's), and how to make its model for one of them:
/// Ctrl-L moves the tab to the next language, round the list, keeping the query.
///
/// ```swift
/// let languages = LanguageSwitch(languages: ["en", "de", "ja"]) { code in
///     SearchViewModel(provider: try! WikipediaProvider(client: client, language: code))
/// }
/// let tab = SourceTab(name: "Wikipedia", model: languages.makeModel("en"), language: "en", languages: languages)
/// ```
@MainActor
public struct LanguageSwitch {
    /// The codes in the order Ctrl-L visits them (at least one).
    public let languages: [String]
    /// The model of the tab in one of ``languages``.
    public let makeModel: @MainActor (String) -> SearchViewModel

    public init(languages: [String], makeModel: @escaping @MainActor (String) -> SearchViewModel) {
        precondition(!languages.isEmpty, "a language switch needs at least one language")
        self.languages = languages
        self.makeModel = makeModel
    }

    /// The language after `current` (the first when `current` is not among them).
    public func language(after current: String?) -> String {
        guard let current, let index = languages.firstIndex(of: current) else { return languages[0] }
        return languages[(index + 1) % languages.count]
    }
}

extension TerminalApp {
    /// The words the language switch shows, in one place for the message catalogs.
    enum LanguageText {
        static func switched(to language: String, of name: String) -> String {
            "\(name) in \(language) — Ctrl-L for the next language"
        }
        static func only(_ language: String, of name: String) -> String {
            "\(name) has one language here (\(language)): start with --lang \(language),de,… for more"
        }
        static let none = "This source has no languages"
    }

    /// Ctrl-L: the active tab searches its next language, the query kept; a tab without
    /// languages says so.
    func switchLanguage() {
        let tab = tabs[activeTab]
        guard let switcher = tab.languages else {
            notice = LanguageText.none
            return
        }
        let next = switcher.language(after: tab.language)
        guard next != tab.language else {
            notice = LanguageText.only(next, of: tab.name)
            return
        }
        closeRelated()
        let model = switcher.makeModel(next)
        tabs[activeTab] = SourceTab(
            name: tab.name, model: model, layout: tab.layout, related: tab.related, language: next,
            languages: switcher)
        model.query = editor.text
        shownQuery = nil
        selection = 0
        scrollTop = 0
        lastLatency[activeTab] = nil
        notice = LanguageText.switched(to: next, of: tab.name)
    }
}
