import Foundation

/// Scout's words in one language: a text by key with its `{values}` filled in, the form for a
/// count, and numbers and dates as the language writes them. A key the language's catalog
/// lacks reads from English; a key no catalog has reads as itself, so a slip shows as
/// `page.submitt` rather than a blank (and `MessageCatalogTests` fails on it first).
///
/// ```swift
/// let messages = Messages(.japanese)
/// messages.text("page.search.source", ["source": "Wikipedia"])   // "Wikipedia を検索"
/// messages.plural("tui.status.count", count: 3, ["count": messages.number(3)])
/// messages.number(12345)                                           // "12,345"
/// ```
public struct Messages: Sendable {
    public let language: Language
    private let texts: [String: String]
    private let fallback: [String: String]

    /// - Parameter catalogs: the catalogs to read, by default those Scout ships; tests pass
    ///   their own to see the fallback work.
    public init(_ language: Language, catalogs: [Language: MessageCatalog] = MessageCatalog.shipped) {
        self.language = language
        texts = catalogs[language]?.texts ?? [:]
        fallback = catalogs[.english]?.texts ?? [:]
    }

    /// The raw text of `key`, its `{placeholders}` left in: this language's, else English's,
    /// else the key itself.
    public func template(_ key: String) -> String {
        texts[key] ?? fallback[key] ?? key
    }

    /// Whether this language or English has `key`.
    public func has(_ key: String) -> Bool { texts[key] != nil || fallback[key] != nil }

    /// The text of `key` with each `{name}` replaced by `values[name]` (a name without a value
    /// stays as written).
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(template(key), values)
    }

    /// The text of `key` for `count` things: `<key>.one` for exactly one where the language
    /// has that form, else `<key>.other`.
    public func plural(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        text(pluralKey(key, count: count), values)
    }

    /// The key of `key`'s form for `count`.
    public func pluralKey(_ key: String, count: Int) -> String {
        count == 1 && has("\(key).one") ? "\(key).one" : "\(key).other"
    }

    /// `number` with the language's grouping (`12,345`).
    public func number(_ number: Int) -> String {
        number.formatted(.number.locale(language.locale))
    }

    /// A day as the language writes it (`Dec 4, 2026`, `2026年12月4日`).
    public func date(_ date: Date, timeZone: TimeZone = .gmt) -> String {
        var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: language.locale)
        style.timeZone = timeZone
        return date.formatted(style)
    }

    /// The catalog texts whose key starts with `prefix`, each with its English fallback: what
    /// the page's script is given, so it needs no catalog of its own.
    public func texts(withPrefix prefix: String) -> [String: String] {
        var result = fallback.filter { $0.key.hasPrefix(prefix) }
        for (key, value) in texts where key.hasPrefix(prefix) { result[key] = value }
        return result
    }

    /// `template` with `{name}`s replaced by their values.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        guard !values.isEmpty, template.contains("{") else { return template }
        return MessageTemplate.segments(of: template).map { segment in
            switch segment {
            case .text(let text): text
            case .value(let name): values[name] ?? "{\(name)}"
            }
        }.joined()
    }
}
