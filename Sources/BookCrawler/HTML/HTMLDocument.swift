import Foundation

/// A parsed HTML page as a tree of plain values, with the queries the extractor needs.
///
/// libxml2's HTML parser reads the bytes (recovering from any error, as browsers do), the tree is
/// copied into ``HTMLElement`` values and the C document is freed at once, so a document is an
/// ordinary `Sendable` value.
///
/// ```swift
/// let document = HTMLDocument(data: body, url: pageURL, charset: "iso-8859-1")
/// for link in document.elements(named: "a") {
///     if let target = link["href"].flatMap(document.resolve) { print(target) }
/// }
/// ```
public struct HTMLDocument: Sendable {
    /// The address the page was fetched from.
    public let url: URL
    /// A synthetic element named `#document` holding the page's top-level nodes.
    public let root: HTMLElement
    /// What relative links resolve against: the first `<base href>`, else ``url``.
    public let baseURL: URL

    /// Parses `data` fetched from `url`; `charset` comes from the `Content-Type` header (nil lets
    /// the parser read `<meta charset>` or guess). Never fails: unreadable bytes give an empty or
    /// partial tree.
    ///
    /// ```swift
    /// let document = HTMLDocument(data: body, url: URL(string: "https://example.org/books/1")!)
    /// ```
    public init(data: Data, url: URL, charset: String? = nil) {
        self.url = url
        root = LibXMLHTMLParser.parse(data, url: url, charset: charset)
        let base = root.descendants { $0.name == "base" && $0["href"] != nil }.first?["href"]
        baseURL = base.flatMap { Self.resolve($0, against: url) } ?? url
    }

    /// Parses `html` (UTF-8) as if fetched from `url`; handy in tests.
    ///
    /// ```swift
    /// let document = HTMLDocument(html: "<title>Dune</title>", url: URL(string: "https://example.org/")!)
    /// ```
    public init(html: String, url: URL) {
        self.init(data: Data(html.utf8), url: url, charset: "utf-8")
    }

    /// Every element named `name` (any case), in document order: `document.elements(named: "meta")`.
    public func elements(named name: String) -> [HTMLElement] {
        let name = name.lowercased()
        return root.descendants { $0.name == name }
    }

    /// Every element for which `isMatch` holds, in document order.
    ///
    /// ```swift
    /// let items = document.elements { $0["itemscope"] != nil }
    /// ```
    public func elements(where isMatch: (HTMLElement) -> Bool) -> [HTMLElement] {
        root.descendants(where: isMatch)
    }

    /// `reference` (an `href` or `src` as written) as an absolute URL against ``baseURL``, or nil
    /// when it is empty or unreadable: `document.resolve("../dune")`.
    public func resolve(_ reference: String) -> URL? {
        Self.resolve(reference, against: baseURL)
    }

    /// Like ``resolve(_:)``, but only http and https addresses: what a page may link a reader to.
    ///
    /// ```swift
    /// document.webURL("/covers/1.jpg")           // https://example.org/covers/1.jpg
    /// document.webURL("javascript:alert(1)")     // nil
    /// ```
    public func webURL(_ reference: String) -> URL? {
        guard let url = resolve(reference), ["http", "https"].contains(url.scheme?.lowercased()) else { return nil }
        return url
    }

    static func resolve(_ reference: String, against base: URL) -> URL? {
        // Attribute values may carry surrounding whitespace and line breaks; browsers drop them.
        let trimmed = reference.filter { $0 != "\n" && $0 != "\r" && $0 != "\t" }
            .trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let encoded =
            trimmed.addingPercentEncoding(withAllowedCharacters: allowedInReference) ?? trimmed
        return URL(string: encoded, relativeTo: base)?.absoluteURL
    }

    /// Characters left as they are when a link is made parseable: everything legal in a URL
    /// reference, `%` included so existing escapes survive; spaces and non-ASCII get escaped.
    private static let allowedInReference: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.formUnion(.urlPathAllowed)
        set.formUnion(.urlFragmentAllowed)
        set.insert(charactersIn: "%#?/:@[]")
        return set
    }()
}
