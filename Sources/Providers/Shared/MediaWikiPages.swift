extension JSONPullReader {
    /// The pages of a MediaWiki `query` reply: an array in formatversion 2, an object keyed by
    /// page id in formatversion 1; a page that does not read is dropped, not the reply
    /// (SECURITY.md T6), and a list that is neither is empty.
    mutating func readMediaWikiPages<Page>(_ read: (inout JSONPullReader) throws -> Page) throws -> [Page] {
        switch try peekKind() {
        case .array:
            return try readLossyArray(read)
        case .object:
            var pages: [Page] = []
            try readObject { reader, _ in
                if let page = try reader.optional(read) { pages.append(page) }
            }
            return pages
        default:
            try skipValue()
            return []
        }
    }
}
