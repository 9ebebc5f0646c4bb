import Foundation

/// `action=query` with the generators `prefixsearch` and `search`, `list=search`, `titles`,
/// `pageids` and `redirects`, and the page properties of ``MediaWikiPageRenderer``.
struct MediaWikiQuery {
    /// A page in the result set.
    enum Member {
        case page(Int)
        /// A redirect page itself (reported when `redirects` is not set).
        case redirectPage(page: Int, redirect: Int)
        case missing(title: String)
        case missingID(Int)
    }

    /// Property modules the fake models.
    static let modelledProps: Set<String> = ["pageimages", "pageterms", "description"]
    /// Property modules the real API has and the fake accepts without adding anything.
    static let ignoredProps: Set<String> = [
        "info", "revisions", "pageprops", "coordinates", "extracts", "categories", "langlinks", "links",
        "images", "templates", "pageviews", "contributors", "extlinks", "imageinfo", "iwlinks", "linkshere",
        "redirects", "transcludedin", "categoryinfo", "deletedrevisions", "pageassessments", "wbentityusage",
        "cirrusdoc", "fileusage", "globalusage", "mapdata", "flagged",
    ]

    let index: WikipediaIndex
    let suggestions: [String: String]

    private var members: [Int: (member: Member, index: Int?)] = [:]
    private var redirects: [(index: Int?, from: String, to: String)] = []
    private var normalized: [(from: String, to: String)] = []
    private var generatorContinue: (key: String, offset: Int)?
    /// The `searchinfo` of `generator=search`.
    private var generatorSearchInfo: WireJSON?
    private var nextMissingID = -1

    init(index: WikipediaIndex, suggestions: [String: String]) {
        self.index = index
        self.suggestions = suggestions
    }

    mutating func run(_ request: inout MediaWikiRequest) throws(MediaWikiError) -> [(String, WireJSON)] {
        var props: [String] = []
        for prop in request.list("prop") where !props.contains(prop) {
            if Self.modelledProps.contains(prop) || Self.ignoredProps.contains(prop) {
                props.append(prop)
            } else {
                request.warn(
                    "unrecognizedvalues", #"Unrecognized value for parameter "prop": \#(prop)."#, module: "query")
            }
        }
        let lists = request.list("list")
        for list in lists where list != "search" {
            request.warn("unrecognizedvalues", #"Unrecognized value for parameter "list": \#(list)."#, module: "query")
        }

        switch request["generator"] {
        case nil: try addTitlesAndIDs(request)
        case "prefixsearch": try runPrefixSearch(&request)
        case "search": try runFullTextGenerator(&request)
        case let other?: throw .badValue("generator", other, module: "query")
        }

        var search: MediaWikiListSearch.Result?
        if lists.contains("search") {
            search = try MediaWikiListSearch(index: index, suggestions: suggestions).run(&request)
        }

        // Page properties.
        let renderer = try MediaWikiPageRenderer(request: &request, props: props)
        let ordered = members.sorted { $0.key < $1.key }
        let imageLimit = try request.limit("pilimit", default: 50, max: 50, module: "query+pageimages")
        let needsImageContinue = props.contains("pageimages") && ordered.filter { $0.key > 0 }.count > imageLimit
        var imagesLeft = imageLimit
        let pages: [(id: Int, json: WireJSON)] = ordered.map { id, entry in
            let withImage = imagesLeft > 0 && id > 0
            if id > 0 { imagesLeft -= 1 }
            return (id, render(entry.member, id: id, index: entry.index, renderer: renderer, withImage: withImage))
        }

        // Continuation: `continue` (and `batchcomplete`), or the legacy `query-continue` with
        // `rawcontinue`.
        var continuation: [(String, WireJSON)] = []
        var legacyContinuation: [(String, WireJSON)] = []
        if let offset = search?.continueOffset {
            continuation.append(("sroffset", .int(offset)))
            legacyContinuation.append(("search", .object([("sroffset", .int(offset))])))
        }
        if needsImageContinue {
            continuation.append(("picontinue", .int(imageLimit)))
            legacyContinuation.append(("pageimages", .object([("picontinue", .int(imageLimit))])))
        }
        if let generatorContinue {
            continuation.append((generatorContinue.key, .int(generatorContinue.offset)))
            let module = generatorContinue.key == "gpsoffset" ? "prefixsearch" : "search"
            legacyContinuation.append((module, .object([(generatorContinue.key, .int(generatorContinue.offset))])))
        }
        if !continuation.isEmpty {
            let finishedLists = lists.filter { $0 == "search" && search?.continueOffset == nil }
            let value =
                generatorContinue.map { "\($0.key)||" + finishedLists.joined(separator: "|") }
                ?? "-||" + (props + finishedLists).joined(separator: "|")
            continuation.append(("continue", .string(value)))
        }
        warnAboutUnrecognizedParameters(&request, props: props, lists: lists)

        // Assembly, in the real API's member order: the generator runs (and writes its
        // `searchinfo`) before the page set is written; list modules run after it.
        var query: [(String, WireJSON)] = []
        if let generatorSearchInfo, search?.info == nil { query.append(("searchinfo", generatorSearchInfo)) }
        if !normalized.isEmpty {
            let entries: [WireJSON] = normalized.map { Self.normalizedJSON($0) }
            query.append(("normalized", .array(entries)))
        }
        if !redirects.isEmpty {
            let sorted = redirects.enumerated().sorted {
                ($0.element.index ?? 0, $0.offset) < ($1.element.index ?? 0, $1.offset)
            }
            let entries: [WireJSON] = sorted.map { Self.redirectJSON($0.element) }
            query.append(("redirects", .array(entries)))
        }
        if !pages.isEmpty {
            if request.formatVersion == .two {
                let list: [WireJSON] = pages.map { $0.json }
                query.append(("pages", .array(list)))
            } else {
                var byID: [(String, WireJSON)] = []
                for page in pages { byID.append((String(page.id), page.json)) }
                query.append(("pages", .object(byID)))
            }
        }
        if let search {
            // One `searchinfo`: the list's when both the generator and the list search.
            if let info = search.info { query.append(("searchinfo", info)) }
            query.append(("search", .array(search.items)))
        }

        var result: [(String, WireJSON)] = []
        if request.flag("rawcontinue") {
            if !legacyContinuation.isEmpty { result.append(("query-continue", .object(legacyContinuation))) }
        } else {
            if !needsImageContinue {
                result.append(("batchcomplete", request.formatVersion == .two ? .bool(true) : .string("")))
            }
            if !continuation.isEmpty { result.append(("continue", .object(continuation))) }
        }
        if !query.isEmpty { result.append(("query", .object(query))) }
        if !request.limits.isEmpty {
            var limits: [(String, WireJSON)] = []
            for (module, limit) in request.limits { limits.append((module, .int(limit))) }
            result.append(("limits", .object(limits)))
        }
        return result
    }

    // MARK: Page sources

    private mutating func runPrefixSearch(_ request: inout MediaWikiRequest) throws(MediaWikiError) {
        let module = "query+prefixsearch"
        let text = try request.required("gpssearch", module: module)
        let limit = try request.limit("gpslimit", default: 10, max: 500, module: module)
        let offset = max(0, try request.integer("gpsoffset", default: 0, module: module))
        let namespaces = try request.namespaces("gpsnamespace", module: module)
        let matches = index.prefixMatches(text, namespaces: namespaces)
        let resolves = request.flag("redirects")
        for (position, match) in matches.dropFirst(offset).prefix(limit).enumerated() {
            let rank = offset + position + 1
            let page = index.pages[match.pageIndex]
            if resolves {
                // Every matching redirect is reported, also when the title matches too (as in
                // the real API's replies); the page takes one slot.
                for redirect in match.redirectIndices { redirects.append((rank, page.redirects[redirect], page.title)) }
                add(.page(match.pageIndex), id: page.pageID, index: rank)
            } else if match.matchesTitle {
                add(.page(match.pageIndex), id: page.pageID, index: rank)
            } else {
                // Without `redirects` the result is the redirect page itself.
                let redirect = match.redirectIndices[0]
                let id = index.redirectPageID(page: match.pageIndex, redirect: redirect)
                add(.redirectPage(page: match.pageIndex, redirect: redirect), id: id, index: rank)
            }
        }
        if offset + limit < matches.count { generatorContinue = ("gpsoffset", offset + limit) }
    }

    /// `generator=search`: the pages of `list=search`, and its `searchinfo` (`gsrinfo`).
    private mutating func runFullTextGenerator(_ request: inout MediaWikiRequest) throws(MediaWikiError) {
        let search = try MediaWikiListSearch(index: index, suggestions: suggestions).run(&request, prefix: "gsr")
        for (position, pageIndex) in search.pageIndices.enumerated() {
            add(.page(pageIndex), id: index.pages[pageIndex].pageID, index: search.firstRank + position)
        }
        generatorSearchInfo = search.info
        if let offset = search.continueOffset { generatorContinue = ("gsroffset", offset) }
    }

    private mutating func addTitlesAndIDs(_ request: MediaWikiRequest) throws(MediaWikiError) {
        let resolves = request.flag("redirects")
        for title in request.list("titles") {
            let canonical = Self.normalize(title)
            if canonical != title { normalized.append((title, canonical)) }
            guard let found = index.lookUp(title: canonical) else {
                add(.missing(title: canonical), id: nextMissingID, index: nil)
                nextMissingID -= 1
                continue
            }
            let page = index.pages[found.page]
            if let redirect = found.redirect {
                if resolves {
                    redirects.append((nil, canonical, page.title))
                    add(.page(found.page), id: page.pageID, index: nil)
                } else {
                    let id = index.redirectPageID(page: found.page, redirect: redirect)
                    add(.redirectPage(page: found.page, redirect: redirect), id: id, index: nil)
                }
            } else {
                add(.page(found.page), id: page.pageID, index: nil)
            }
        }
        for raw in request.list("pageids") {
            guard let id = Int(raw) else { throw .badInteger("pageids", raw, module: "query") }
            if let pageIndex = index.pages.firstIndex(where: { $0.pageID == id }) {
                add(.page(pageIndex), id: id, index: nil)
            } else {
                add(.missingID(id), id: id, index: nil)
            }
        }
    }

    private mutating func add(_ member: Member, id: Int, index rank: Int?) {
        if let existing = members[id] {
            let best = [existing.index, rank].compactMap { $0 }.min()
            members[id] = (existing.member, best)
        } else {
            members[id] = (member, rank)
        }
    }

    // MARK: Unrecognized parameters

    /// Parameters of the main and query modules.
    static let mainParameters: Set<String> = [
        "action", "format", "formatversion", "errorformat", "errorlang", "errorsuselocal", "utf8", "ascii",
        "callback", "maxlag", "smaxage", "maxage", "assert", "assertuser", "requestid", "servedby",
        "curtimestamp", "responselanginfo", "origin", "uselang", "variant", "centralauthtoken", "continue",
        "rawcontinue", "redirects", "converttitles", "indexpageids", "export", "exportnowrap", "iwurl",
        "titles", "pageids", "revids", "generator", "prop", "list", "meta", "_",
    ]

    /// The parameter prefix of each query module.
    static let modulePrefixes: [String: String] = [
        "prefixsearch": "ps", "search": "sr", "pageimages": "pi", "pageterms": "wbpt", "description": "desc",
        "info": "in", "revisions": "rv", "pageprops": "pp", "coordinates": "co", "extracts": "ex",
        "categories": "cl", "langlinks": "ll", "links": "pl", "images": "im", "templates": "tl",
        "pageviews": "pvip", "contributors": "pc", "extlinks": "el", "imageinfo": "ii", "iwlinks": "iw",
        "linkshere": "lh", "redirects": "rd", "transcludedin": "ti", "deletedrevisions": "drv",
        "pageassessments": "pa", "wbentityusage": "wbeu", "cirrusdoc": "cd", "fileusage": "fu",
        "globalusage": "gu", "mapdata": "mpd",
    ]

    /// Warns, as MediaWiki does, about parameters no module in this request takes.
    private func warnAboutUnrecognizedParameters(_ request: inout MediaWikiRequest, props: [String], lists: [String]) {
        var prefixes = (props + lists).compactMap { Self.modulePrefixes[$0] }
        if let generator = request["generator"], let prefix = Self.modulePrefixes[generator] {
            prefixes.append("g" + prefix)
        }
        let unknown = request.names.filter { name in
            !Self.mainParameters.contains(name) && !prefixes.contains { !$0.isEmpty && name.hasPrefix($0) }
        }
        guard !unknown.isEmpty else { return }
        let text =
            unknown.count == 1
            ? "Unrecognized parameter: \(unknown[0])." : "Unrecognized parameters: \(unknown.joined(separator: ", "))."
        request.warn("unrecognizedparams", text, module: "main")
    }

    // MARK: Rendering

    private func render(
        _ member: Member, id: Int, index rank: Int?, renderer: MediaWikiPageRenderer, withImage: Bool
    ) -> WireJSON {
        switch member {
        case .page(let pageIndex):
            return renderer.render(index.pages[pageIndex], index: rank, withImage: withImage)
        case .redirectPage(let pageIndex, let redirect):
            var fields: [(String, WireJSON)] = [
                ("pageid", .int(id)), ("ns", .int(index.pages[pageIndex].namespace)),
                ("title", .string(index.pages[pageIndex].redirects[redirect])),
            ]
            if let rank { fields.append(("index", .int(rank))) }
            return .object(fields)
        case .missing(let title):
            return .object([("ns", .int(0)), ("title", .string(title)), ("missing", renderer.trueValue)])
        case .missingID(let id):
            return .object([("pageid", .int(id)), ("missing", renderer.trueValue)])
        }
    }

    private static func normalizedJSON(_ entry: (from: String, to: String)) -> WireJSON {
        .object([("from", .string(entry.from)), ("to", .string(entry.to))])
    }

    private static func redirectJSON(_ redirect: (index: Int?, from: String, to: String)) -> WireJSON {
        var fields: [(String, WireJSON)] = []
        if let index = redirect.index { fields.append(("index", .int(index))) }
        fields += [("from", .string(redirect.from)), ("to", .string(redirect.to))]
        return .object(fields)
    }

    /// MediaWiki's title normalization for the main namespace: `_` is a space, runs of spaces
    /// collapse, and the first letter is upper case.
    static func normalize(_ title: String) -> String {
        let spaced = title.replacingOccurrences(of: "_", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard let first = spaced.first else { return spaced }
        return first.uppercased() + spaced.dropFirst()
    }
}
