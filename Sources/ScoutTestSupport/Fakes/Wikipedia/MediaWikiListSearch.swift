/// `list=search`: full-text search with `srlimit`, `sroffset`, `srnamespace`, `srinfo`,
/// `srprop` and `srenablerewrites`, and the fake's configured suggestions.
struct MediaWikiListSearch {
    struct Result {
        let items: [WireJSON]
        /// The `searchinfo` object, nil when empty.
        let info: WireJSON?
        let continueOffset: Int?
    }

    let index: WikipediaIndex
    let suggestions: [String: String]

    static let defaultInfo = ["totalhits", "suggestion", "rewrittenquery"]
    static let defaultProps = ["size", "wordcount", "timestamp", "snippet"]

    func run(_ request: inout MediaWikiRequest) throws(MediaWikiError) -> Result {
        let module = "query+search"
        let text = try request.required("srsearch", module: module)
        let limit = try request.limit("srlimit", default: 10, max: 500, module: module)
        let offset = max(0, try request.integer("sroffset", default: 0, module: module))
        let namespaces = try request.namespaces("srnamespace", module: module)
        let info = request["srinfo"] == nil ? Self.defaultInfo : request.list("srinfo")
        let props = request["srprop"] == nil ? Self.defaultProps : request.list("srprop")

        let suggestion = suggestion(for: text)
        var query = text
        var matches = index.fullTextMatches(text, namespaces: namespaces)
        var rewritten: String?
        if matches.isEmpty, request.flag("srenablerewrites"), let suggestion {
            matches = index.fullTextMatches(suggestion, namespaces: namespaces)
            rewritten = suggestion
            query = suggestion
        }
        let terms = Set(TextFolding.words(query))
        let items = matches.dropFirst(offset).prefix(limit).map { item(index.pages[$0], props: props, terms: terms) }

        var searchInfo: [(String, WireJSON)] = []
        if info.contains("totalhits") { searchInfo.append(("totalhits", .int(matches.count))) }
        if info.contains("suggestion"), let suggestion {
            searchInfo += [("suggestion", .string(suggestion)), ("suggestionsnippet", .string(suggestion))]
        }
        if info.contains("rewrittenquery"), let rewritten {
            searchInfo += [("rewrittenquery", .string(rewritten)), ("rewrittenquerysnippet", .string(rewritten))]
        }
        return Result(
            items: items, info: searchInfo.isEmpty ? nil : .object(searchInfo),
            continueOffset: offset + limit < matches.count ? offset + limit : nil)
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
