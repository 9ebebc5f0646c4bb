import Foundation

/// Which of Scout's languages a reader gets: from a browser's `Accept-Language` (RFC 9110
/// §12.5.4) or a terminal's locale variables (POSIX: `LC_ALL`, then `LC_MESSAGES`, then
/// `LANG`; GNU's `LANGUAGE` list before them unless the locale is `C`). English when nothing
/// names a language Scout has.
///
/// ```swift
/// LanguageNegotiation.preferred(acceptLanguage: "fr-CH, ja;q=0.9, en;q=0.8")   // .japanese
/// LanguageNegotiation.preferred(environment: ["LANG": "ja_JP.UTF-8"])          // .japanese
/// ```
public enum LanguageNegotiation {
    /// The supported language the header ranks highest (ties keep the header's order); nil
    /// when it names none (absent, empty, only `*`, or only other languages).
    public static func preferred(acceptLanguage header: String?) -> Language? {
        guard let header else { return nil }
        var ranges: [(language: Language, weight: Double, position: Int)] = []
        // Bounded: a header is at most a few KiB (the server's limits), each range a few bytes.
        for (position, part) in header.split(separator: ",").prefix(64).enumerated() {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = fields.first, let language = Language(code: tag) else { continue }
            var weight = 1.0
            for parameter in fields.dropFirst() where parameter.lowercased().hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            guard weight > 0, weight <= 1 else { continue }
            ranges.append((language, weight, position))
        }
        return ranges.min { ($0.weight, -$0.position) > ($1.weight, -$1.position) }?.language
    }

    /// The language a terminal's locale variables ask for; nil when none names a supported
    /// one (unset, `C`, `POSIX`, or another language).
    public static func preferred(environment: [String: String]) -> Language? {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        guard let locale, locale != "C", locale != "POSIX", !locale.hasPrefix("C.") else { return nil }
        if let list = environment["LANGUAGE"], !list.isEmpty {
            for entry in list.split(separator: ":") {
                if let language = Language(code: entry) { return language }
            }
        }
        return Language(code: locale)
    }
}
