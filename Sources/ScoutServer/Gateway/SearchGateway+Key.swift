import ScoutModels

extension SearchGateway {
    /// One search, and everything asked of the upstream for it: the source, the Wikipedia it is
    /// asked in (its language), the query's text exactly as it is sent, the cursor as its
    /// provider reads it, and the limit. The upstream is
    /// only ever asked through ``search(using:)``, from the key alone, so what is cached under
    /// a key — here, in the fleet's shared cache and as the stale fallback — is the upstream's
    /// answer to that key and nothing else (SECURITY.md T19).
    ///
    /// The text is ``ScoutModels/SearchQuery/text``: normalized once (NFC, controls removed,
    /// whitespace trimmed and collapsed), and that one result is both the key and what the
    /// provider sends. It is never case- or width-folded: upstreams do not fold as Scout
    /// would — Wikipedia's prefix search and its suggestions tell `Straße` from `strasse` and
    /// `ſcout` from `scout`, Flickr and Commons have rules of their own — so a key of folded
    /// text held one upstream answer for several requests and gave every requester the first
    /// one's results, and its `query`. Sending the folded text instead would keep the hit rate
    /// but ask the upstream something other than what was typed, and show it back altered.
    /// Lookalike texts cost an upstream call each; identical texts still share one.
    ///
    /// ```swift
    /// The language is part of the key because `de.wikipedia.org` and `en.wikipedia.org` are two
    /// upstreams: `Zürich` in one is not `Zürich` in the other, and a cursor of one names a
    /// position in its own results only. Every Wikipedia key names its language — the server's
    /// default spelled out when a request named none — so a request with `lang=en` and one
    /// without it on an `en` server are one search; other sources' keys have none.
    ///
    /// ```swift
    /// let key = SearchGateway.Key(
    ///     source: .wikipedia, language: "de", query: try SearchQuery("Straße"), cursor: nil, limit: 20)
    /// key.fleetKey  // "3|wikipedia|de|20|-||Straße"
    /// ```
    struct Key: Hashable, Sendable {
        let source: SourceID
        /// The Wikipedia asked (`de`), one of `WikipediaLanguages`; nil for other sources.
        let language: String?
        let query: SearchQuery
        /// As the source's provider reads it (``ScoutModels/CursorReading``): one spelling per
        /// position, nil for the first page.
        let cursor: SearchCursor?
        let limit: Int
        /// Hashed once: a cache hit looks its key up more than once, and hashing the strings
        /// anew each time showed in profiles.
        private let hash: Int

        init(source: SourceID, language: String?, query: SearchQuery, cursor: SearchCursor?, limit: Int) {
            self.source = source
            self.language = language
            self.query = query
            self.cursor = cursor
            self.limit = limit
            var hasher = Hasher()
            hasher.combine(source)
            hasher.combine(language)
            hasher.combine(query.text)
            hasher.combine(cursor)
            hasher.combine(limit)
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.limit == rhs.limit && lhs.source == rhs.source
                && lhs.language == rhs.language && lhs.query.text == rhs.query.text && lhs.cursor == rhs.cursor
        }

        /// The one page this key names, from `provider` — the key's language's provider
        /// (`SearchAPI.parse` picks it by ``language``): the only way the gateway asks a provider.
        func search(using provider: any SearchProvider) async throws -> SearchPage {
            try await provider.search(query, cursor: cursor, limit: limit)
        }

        /// The key as the fleet's shared cache names it: the language (`-` for none; codes hold
        /// no `|`) and the query last, the cursor's length before it, so no two keys run
        /// together. `3|` first: `2|` keys had no language (each was the answer of whatever
        /// language its instance searched) and `1|` ones held the folded text (see the type's
        /// discussion); no instance reads those, and Redis drops them within the stale lifetime.
        var fleetKey: String {
            let cursorLength = cursor.map { String($0.rawValue.utf8.count) } ?? "-"
            return
                "3|\(source.rawValue)|\(language ?? "-")|\(limit)|\(cursorLength)|\(cursor?.rawValue ?? "")|\(query.text)"
        }
    }
}
