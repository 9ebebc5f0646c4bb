import Localization
import ScoutModels

/// `--ui-lang xx`: the language of the words `scout tui` and `scout search` show people,
/// over the locale's (``ScoutConfiguration/interfaceLanguage``). Not `--lang`, which names
/// the Wikipedia searched.
enum UILanguageOption {
    static let flag = "--ui-lang"

    static func read(_ scanner: inout ArgumentScanner, configuration: ScoutConfiguration) throws(UsageError) -> Language
    {
        guard let code = try scanner.value(for: flag) else { return configuration.interfaceLanguage }
        guard let language = Language(code: code) else {
            let known = Language.allCases.map(\.code).joined(separator: " or ")
            throw UsageError("\(flag) takes \(known), not '\(code)'")
        }
        return language
    }

    /// A source's name in `messages`' language (`source.books`: 本), else `name`.
    static func sourceName(_ source: SourceID, otherwise name: String, _ messages: Messages) -> String {
        let key = "source.\(source.rawValue)"
        return messages.has(key) ? messages.text(key) : name
    }
}
