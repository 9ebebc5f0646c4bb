import Foundation
import Synchronization

/// Writes one page of a query result with the requested properties: `description`,
/// `pageterms` (`wbptterms`) and `pageimages` (`piprop`, `pithumbsize`), in `prop` order.
struct MediaWikiPageRenderer {
    let props: [String]
    let formatVersion: MediaWikiRequest.FormatVersion
    let termTypes: [String]
    let imageProps: [String]
    let thumbnailSize: Int

    init(request: inout MediaWikiRequest, props: [String]) throws(MediaWikiError) {
        self.props = props
        formatVersion = request.formatVersion
        termTypes = request["wbptterms"] == nil ? ["alias", "description", "label"] : request.list("wbptterms")
        imageProps = request["piprop"] == nil ? ["thumbnail", "name"] : request.list("piprop")
        thumbnailSize = try request.integer("pithumbsize", default: 50, module: "query+pageimages")
    }

    /// `true` as the format version writes it: `true`, or `""` in format version 1.
    var trueValue: WireJSON { formatVersion == .two ? .bool(true) : .string("") }

    func render(_ page: FakeWikipedia.Page, index: Int?, withImage: Bool) -> WireJSON {
        var fields: [(String, WireJSON)] = [
            ("pageid", .int(page.pageID)), ("ns", .int(page.namespace)), ("title", .string(page.title)),
        ]
        if let index { fields.append(("index", .int(index))) }
        for prop in props {
            switch prop {
            case "description":
                if let description = page.description {
                    fields += [
                        ("description", .string(description)), ("descriptionsource", .string(page.descriptionSource)),
                    ]
                }
            case "pageterms":
                if let terms = terms(of: page) { fields.append(("terms", terms)) }
            case "pageimages":
                if withImage { fields += images(of: page) }
            default:
                break
            }
        }
        return .object(fields)
    }

    private func terms(of page: FakeWikipedia.Page) -> WireJSON? {
        var terms: [(String, WireJSON)] = []
        for type in termTypes {
            let values: [String] =
                switch type {
                case "alias": page.aliases
                case "description": page.description.map { [$0] } ?? []
                case "label": [page.title]
                default: []
                }
            if !values.isEmpty { terms.append((type, .array(values.map { WireJSON.string($0) }))) }
        }
        return terms.isEmpty ? nil : .object(terms)
    }

    private func images(of page: FakeWikipedia.Page) -> [(String, WireJSON)] {
        guard let image = page.thumbnail else { return [] }
        var fields: [(String, WireJSON)] = []
        if imageProps.contains("thumbnail") {
            fields.append(("thumbnail", Self.json(Self.scaled(image, toWidth: thumbnailSize))))
        }
        if imageProps.contains("original") {
            fields.append(("original", Self.json(Self.original(image))))
        }
        if imageProps.contains("name") { fields.append(("pageimage", .string(Self.fileName(of: image.source)))) }
        return fields
    }

    private static func json(_ image: FakeWikipedia.Thumbnail) -> WireJSON {
        .object([("source", .string(image.source)), ("width", .int(image.width)), ("height", .int(image.height))])
    }

    // MARK: Wikimedia thumbnail URLs

    /// `image` scaled to `width` keeping its aspect ratio; never scaled up.
    static func scaled(_ image: FakeWikipedia.Thumbnail, toWidth width: Int) -> FakeWikipedia.Thumbnail {
        guard width > 0, width < image.width, image.width > 0 else { return image }
        let height = max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
        return FakeWikipedia.Thumbnail(source: thumbnailURL(image.source, width: width), width: width, height: height)
    }

    /// Thumbnail URLs made so far, by width and source: a benchmark asks for the same few again
    /// and again, and making one with Foundation's string search cost the fake more CPU than the
    /// server spent reading it. Bounded: emptied when full.
    private static let madeThumbnailURLs = Mutex<[String: String]>([:])

    /// The original file for `image`: its URL without the `/thumb/…/<N>px-` part.
    static func original(_ image: FakeWikipedia.Thumbnail) -> FakeWikipedia.Thumbnail {
        let source = stripQuery(image.source)
        guard let thumb = source.range(of: "/thumb/"), let lastSlash = source.lastIndex(of: "/") else { return image }
        let original = String(source[..<thumb.lowerBound]) + "/" + source[thumb.upperBound..<lastSlash]
        return FakeWikipedia.Thumbnail(source: original, width: image.width, height: image.height)
    }

    /// `…/wikipedia/commons/a/ab/File.jpg` → `…/wikipedia/commons/thumb/a/ab/File.jpg/<width>px-File.jpg`;
    /// a URL that already is a thumbnail gets its `<N>px-` prefix replaced.
    static func thumbnailURL(_ source: String, width: Int) -> String {
        let key = "\(width) \(source)"
        if let made = madeThumbnailURLs.withLock({ $0[key] }) { return made }
        let made = makeThumbnailURL(source, width: width)
        madeThumbnailURLs.withLock { cache in
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[key] = made
        }
        return made
    }

    private static func makeThumbnailURL(_ source: String, width: Int) -> String {
        let source = stripQuery(source)
        guard let lastSlash = source.lastIndex(of: "/") else { return source }
        let last = source[source.index(after: lastSlash)...]
        if source.contains("/thumb/"), let px = last.range(of: "px-"), last[..<px.lowerBound].allSatisfy(\.isNumber) {
            return String(source[...lastSlash]) + "\(width)px-" + last[px.upperBound...]
        }
        var thumbSuffix = String(last)
        let lowercased = thumbSuffix.lowercased()
        if lowercased.hasSuffix(".svg") { thumbSuffix += ".png" }
        if lowercased.hasSuffix(".tif") || lowercased.hasSuffix(".tiff") { thumbSuffix += ".jpg" }
        var base = source
        if let wiki = source.range(of: "/wikipedia/"),
            let projectEnd = source[wiki.upperBound...].firstIndex(of: "/")
        {
            base = String(source[...projectEnd]) + "thumb/" + source[source.index(after: projectEnd)...]
        }
        return base + "/\(width)px-" + thumbSuffix
    }

    /// The file name (`President_Barack_Obama.jpg`) in an original or thumbnail URL.
    static func fileName(of source: String) -> String {
        let parts = stripQuery(source).split(separator: "/")
        let name = source.contains("/thumb/") && parts.count >= 2 ? parts[parts.count - 2] : parts.last ?? ""
        return String(name).removingPercentEncoding ?? String(name)
    }

    private static func stripQuery(_ url: String) -> String {
        url.firstIndex(of: "?").map { String(url[..<$0]) } ?? url
    }
}
