/// One node of a parsed HTML page: an element or a run of text.
///
/// ```swift
/// for case .text(let text) in element.children { print(text) }
/// ```
public enum HTMLNode: Sendable, Equatable {
    /// An element with its attributes and children.
    case element(HTMLElement)
    /// Text, entities already decoded.
    case text(String)
}

/// An element of a parsed HTML page, as a plain value: tag name, attributes and children.
///
/// Names are lower-cased, as HTML is case-insensitive; when an attribute is repeated the first
/// one counts, as in browsers.
///
/// ```swift
/// let link = document.elements(named: "a").first
/// link?["href"]        // "/books/dune"
/// link?.textContent    // "Dune"
/// ```
public struct HTMLElement: Sendable, Equatable {
    /// The tag name, lower-cased: `"meta"`.
    public let name: String
    /// The attributes by lower-cased name.
    public let attributes: [String: String]
    /// The child nodes in document order.
    public let children: [HTMLNode]

    /// Makes an element: `HTMLElement(name: "p", children: [.text("Hi")])`.
    public init(name: String, attributes: [String: String] = [:], children: [HTMLNode] = []) {
        self.name = name
        self.attributes = attributes
        self.children = children
    }

    /// The value of the attribute `name` (any case), or nil: `element["href"]`.
    public subscript(_ name: String) -> String? { attributes[name.lowercased()] }

    /// Whether the space-separated attribute `name` lists `token` (ignoring case):
    /// `element.hasToken("nofollow", in: "rel")`.
    public func hasToken(_ token: String, in name: String) -> Bool {
        guard let value = self[name] else { return false }
        return value.split(whereSeparator: \.isWhitespace).contains { $0.lowercased() == token.lowercased() }
    }

    /// The child elements in document order.
    public var childElements: [HTMLElement] {
        children.compactMap { node in
            if case .element(let element) = node { return element }
            return nil
        }
    }

    /// The text of the element and its descendants (scripts and styles left out), whitespace
    /// collapsed to single spaces and trimmed: `"The Hunger Games"`.
    public var textContent: String {
        var text = ""
        appendText(to: &text)
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The text of the element's own text children exactly as written: the body of a
    /// `<script>`, such as a JSON-LD block.
    public var rawText: String {
        children.reduce(into: "") { text, node in
            if case .text(let run) = node { text += run }
        }
    }

    /// Every descendant element, depth first in document order, for which `isMatch` holds.
    ///
    /// ```swift
    /// let scripts = body.descendants { $0.name == "script" }
    /// ```
    public func descendants(where isMatch: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        collect(into: &found, where: isMatch)
        return found
    }

    private func collect(into found: inout [HTMLElement], where isMatch: (HTMLElement) -> Bool) {
        for child in childElements {
            if isMatch(child) { found.append(child) }
            child.collect(into: &found, where: isMatch)
        }
    }

    private func appendText(to text: inout String) {
        for node in children {
            switch node {
            case .text(let run):
                text += run
            case .element(let element) where !Self.hiddenText.contains(element.name):
                // Other elements separate words: "<p>a</p><p>b</p>" reads "a b", not "ab".
                let separator = Self.inline.contains(element.name) ? "" : " "
                text += separator
                element.appendText(to: &text)
                text += separator
            case .element:
                break
            }
        }
    }

    /// Elements whose content is not text a reader sees.
    private static let hiddenText: Set<String> = ["script", "style", "template", "noscript"]
    /// Elements that sit inside a run of text, so they do not separate words.
    private static let inline: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "cite", "code", "data", "dfn", "em", "i", "kbd", "mark", "q", "s", "samp",
        "small", "span", "strong", "sub", "sup", "time", "u", "var",
    ]
}
