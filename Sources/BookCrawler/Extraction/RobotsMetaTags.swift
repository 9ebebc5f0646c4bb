import Foundation

/// What a page's robots meta tags ask of crawlers: `<meta name="robots" content="noindex">`
/// (for every crawler) or the same under the crawler's product token (`<meta name="scout" …>`).
/// `noindex` asks not to keep what the page says, `nofollow` not to follow its links, `none`
/// both. Names and directives are compared case-insensitively; other directives are ignored.
///
/// ```swift
/// let robots = RobotsMetaTags(document: document, productToken: "Scout")
/// robots.mayIndex   // false for <meta name="robots" content="noindex, follow">
/// ```
struct RobotsMetaTags {
    /// Whether the page may be indexed: its books stored.
    private(set) var mayIndex = true
    /// Whether the page's links may be followed.
    private(set) var mayFollow = true

    init(document: HTMLDocument, productToken: String) {
        let names: Set = ["robots", productToken.lowercased()]
        for meta in document.elements(named: "meta") {
            guard let name = meta["name"]?.trimmingCharacters(in: .whitespaces).lowercased(), names.contains(name),
                let content = meta["content"]
            else { continue }
            let directives = Set(
                content.lowercased().split { $0 == "," || $0.isWhitespace }.map(String.init))
            if !directives.isDisjoint(with: ["noindex", "none"]) { mayIndex = false }
            if !directives.isDisjoint(with: ["nofollow", "none"]) { mayFollow = false }
        }
    }
}
