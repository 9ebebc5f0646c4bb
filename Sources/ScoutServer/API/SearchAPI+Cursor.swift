import ScoutModels

extension SearchAPI {
    /// The longest cursor read at all: far past any a provider writes (a Wikipedia cursor
    /// carrying a page of ids is under 600 bytes).
    static let maximumCursorBytes = 2048

    /// The cursor a request's `cursor` parameter names, as the source's provider spells it
    /// (nil for none and for the first page); text the provider never writes is a 400
    /// `bad_cursor`, thrown while parsing — before the client's search reaches the cache, the
    /// fleet or the upstream, so it creates no entry and costs no call (SECURITY.md T19).
    static func cursor(
        _ text: String?, of entry: SourceCatalog.Entry, readBy provider: any SearchProvider
    ) throws -> SearchCursor? {
        guard let text, !text.isEmpty else { return nil }
        let reading = text.utf8.count > maximumCursorBytes ? .invalid : provider.readCursor(text)
        switch reading {
        case .firstPage: return nil
        case .page(let cursor): return cursor
        case .invalid:
            throw GatewayError.badRequest(
                "bad_cursor",
                "That cursor is not one Scout gave out for \(entry.name) results. "
                    + "Use the next value of a reply as it is, or start the search again.",
                source: entry.id)
        }
    }
}
