import Providers

/// The reader's languages as the environment says them — `LANGUAGE` (`de:fr`), else
/// `LC_ALL`, `LC_MESSAGES`, `LANG` (`de_CH.UTF-8`) — as Wikipedia codes, in order, each once:
/// what the terminal app offers after `--lang`, as the page offers the browser's languages.
///
/// ```swift
/// ReaderLanguages.codes(in: ["LANGUAGE": "nb:de_AT", "LANG": "C.UTF-8"])  // ["no", "de"]
/// ```
enum ReaderLanguages {
    /// Locale languages whose Wikipedia has another code.
    static let aliases = ["nb": "no", "lzh": "zh-classical", "nan": "zh-min-nan", "yue": "zh-yue"]

    static func codes(in environment: [String: String]) -> [String] {
        let names = ["LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"]
        var codes: [String] = []
        for name in names {
            guard let value = environment[name], !value.isEmpty else { continue }
            for entry in value.split(separator: ":") {
                // `de_CH.UTF-8@euro` → `de`; `C` and `POSIX` name no language.
                let language = entry.prefix { $0 != "_" && $0 != "." && $0 != "@" }.lowercased()
                let code = aliases[language] ?? language
                if WikipediaLanguages.contains(code), !codes.contains(code) { codes.append(code) }
            }
        }
        return codes
    }
}
