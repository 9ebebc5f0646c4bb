extension KeyedDecodingContainer {
    /// The pages of a MediaWiki `query` reply: an array in formatversion 2, an object keyed by
    /// page id in formatversion 1; a page that does not decode is dropped, not the reply
    /// (SECURITY.md T6), and a missing or malformed list is empty.
    ///
    /// ```swift
    /// pages = container.mediaWikiPages(forKey: .pages)
    /// ```
    func mediaWikiPages<Page: Decodable>(forKey key: Key) -> [Page] {
        if let list = try? decodeIfPresent([Lossy<Page>].self, forKey: key) { return list.compactMap(\.value) }
        if let keyed = try? decodeIfPresent([String: Lossy<Page>].self, forKey: key) {
            return keyed.values.compactMap(\.value)
        }
        return []
    }
}
