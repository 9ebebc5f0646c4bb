import Providers
import ScoutModels

extension SearchAPI {
    /// The Wikipedia a request's `lang` names, checked for every source — so no source accepts
    /// what the document refuses — and used by Wikipedia alone: its key's language, the
    /// server's default when `lang` is absent; nil for every other source, which has
    /// no languages and ignores the parameter. A code that is not one of
    /// ``Providers/WikipediaLanguages`` is a 400 `bad_language`, thrown while parsing, before
    /// the cache, the fleet or an upstream.
    static func language(_ text: String?, of entry: SourceCatalog.Entry) throws -> String? {
        let named = try language(text, source: entry.id)
        guard let editions = entry.editions else { return nil }
        return named ?? editions.defaultLanguage
    }

    /// `text` when it is a Wikipedia's code, nil when absent; else — empty too, as the document
    /// says — a 400 `bad_language`.
    static func language(_ text: String?, source: SourceID?) throws -> String? {
        guard let text else { return nil }
        guard WikipediaLanguages.contains(text) else { throw badLanguage(text, source: source) }
        return text
    }

    /// The 400 for a `lang` that names no Wikipedia: what happened and what to send instead.
    static func badLanguage(_ text: String, source: SourceID?) -> GatewayError {
        let shown = text.count > 24 ? String(text.prefix(24)) + "…" : text
        return GatewayError.badRequest(
            "bad_language",
            "There is no Wikipedia with the language code “\(shown)”. Use a code such as en, de, ja or zh-yue "
                + "(lowercase, as in de.wikipedia.org), or leave lang out to search this server's default language.",
            source: source)
    }

    /// The provider of `entry` that answers in `language` (Wikipedia's of that language; the
    /// entry's own for other sources); a 503 when that language's address cannot be made.
    static func provider(
        of entry: SourceCatalog.Entry, language: String?, default provider: any SearchProvider
    ) throws -> any SearchProvider {
        guard let editions = entry.editions, let language else { return provider }
        do {
            return try editions.provider(for: language)
        } catch {
            throw GatewayError(
                status: 503, code: "source_not_configured",
                message: "Wikipedia in “\(language)” is not set up on this server: \(error.description).",
                source: entry.id, retryAfter: nil)
        }
    }
}
