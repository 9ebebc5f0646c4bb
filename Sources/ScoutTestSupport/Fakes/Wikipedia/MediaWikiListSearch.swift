/// `list=search`, and `generator=search` with the same parameters prefixed `gsr`: full-text
/// search with `limit`, `offset`, `namespace`, `info`, `prop` (list only) and `enablerewrites`,
/// and the fake's configured suggestions. Both modes report `searchinfo`, as the real module does.
struct MediaWikiListSearch {
    struct Result {
        /// The matching pages on this page of results, as positions in the index's pages.
        let pageIndices: [Int]
        /// The `search` list items (list mode only).
        let items: [WireJSON]
        /// The `searchinfo` object, nil when empty.
        let info: WireJSON?
        /// Where the next page starts (`sroffset`/`gsroffset`), nil on the last page.
        let continueOffset: Int?
        /// The rank of the first page on this page (1 for the first page of results).
        let firstRank: Int
    }

    let index: WikipediaIndex
    let suggestions: [String: String]

    static let defaultInfo = ["totalhits", "suggestion", "rewrittenquery"]
    static let defaultProps = ["size", "wordcount", "timestamp", "snippet"]

    /// Runs the search; `prefix` is `sr` for `list=search` and `gsr` for `generator=search`.
    func run(_ request: inout MediaWikiRequest, prefix: String = "sr") throws(MediaWikiError) -> Result {
        let module = "query+search"
        let isList = prefix == "sr"
        let text = try request.required(prefix + "search", module: module)
        let limit = try request.limit(prefix + "limit", default: 10, max: 500, module: module)
        let offset = max(0, try request.integer(prefix + "offset", default: 0, module: module))
        let namespaces = try request.namespaces(prefix + "namespace", module: module)
        let info = request[prefix + "info"] == nil ? Self.defaultInfo : request.list(prefix + "info")
        let props = request[prefix + "prop"] == nil ? Self.defaultProps : request.list(prefix + "prop")

        let suggestion = suggestion(for: text)
        var query = text
        var matches = index.fullTextMatches(text, namespaces: namespaces)
        var rewritten: String?
        if matches.isEmpty, request.flag(prefix + "enablerewrites"), let suggestion {
            matches = index.fullTextMatches(suggestion, namespaces: namespaces)
            rewritten = suggestion
            query = suggestion
        }
        let terms = Set(TextFolding.words(query))
        let shown = Array(matches.dropFirst(offset).prefix(limit))
        let items = isList ? shown.map { item(index.pages[$0], props: props, terms: terms) } : []

        var searchInfo: [(String, WireJSON)] = []
        if info.contains("totalhits") { searchInfo.append(("totalhits", .int(matches.count))) }
        if info.contains("suggestion"), let suggestion {
            searchInfo += [("suggestion", .string(suggestion)), ("suggestionsnippet", .string(suggestion))]
        }
        if info.contains("rewrittenquery"), let rewritten {
            searchInfo += [("rewrittenquery", .string(rewritten)), ("rewrittenquerysnippet", .string(rewritten))]
        }
        return Result(
            pageIndices: shown, items: items, info: searchInfo.isEmpty ? nil : .object(searchInfo),
            continueOffset: offset + limit < matches.count ? offset + limit : nil, firstRank: offset + 1)
    }

    /// The configured suggestion for `text`: an exact key first, then one equal ignoring case and
    /// diacritics.
    private func suggestion(for text: String) -> String? {
        if let exact = suggestions[text] { return exact }
        let folded = TextFolding.fold(text)
        return suggestions.first { TextFolding.fold($0.key) == folded }?.value
    }

    private func item(_ page: FakeWikipedia.Page, props: [String], terms: Set<String>) -> WireJSON {
        var fields: [(String, WireJSON)] = [
            ("ns", .int(page.namespace)), ("title", .string(page.title)), ("pageid", .int(page.pageID)),
        ]
        if props.contains("size") { fields.append(("size", .int(page.extract.utf8.count))) }
        if props.contains("wordcount") { fields.append(("wordcount", .int(TextFolding.words(page.extract).count))) }
        if props.contains("snippet") {
            fields.append(("snippet", .string(Self.highlight(page.extract, terms: terms, limit: 200))))
        }
        if props.contains("titlesnippet") {
            fields.append(("titlesnippet", .string(Self.highlight(page.title, terms: terms, limit: nil))))
        }
        if props.contains("timestamp") { fields.append(("timestamp", .string(page.lastEdited))) }
        return .object(fields)
    }

    /// `text` (cut to about `limit` characters at a word end) with each matching word wrapped in
    /// `<span class="searchmatch">…</span>`, as CirrusSearch marks snippets.
    static func highlight(_ text: String, terms: Set<String>, limit: Int?) -> String {
        var end = text.endIndex
        let words = TextFolding.wordRanges(text)
        if let limit, text.count > limit {
            end =
                words.last { text.distance(from: text.startIndex, to: $0.range.upperBound) <= limit }?.range.upperBound
                ?? text.index(text.startIndex, offsetBy: limit)
        }
        var output = ""
        var cursor = text.startIndex
        for word in words where word.range.upperBound <= end && terms.contains(word.folded) {
            output += text[cursor..<word.range.lowerBound]
            output += #"<span class="searchmatch">"# + text[word.range] + "</span>"
            cursor = word.range.upperBound
        }
        output += text[cursor..<end]
        return output
    }
}
