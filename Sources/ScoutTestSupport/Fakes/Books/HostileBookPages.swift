import Foundation

/// Pages and robots.txt files a hostile site serves, for the crawler's hostile-site suite and
/// its soak (issue 33): reference cycles, nesting past any real page, link farms, wildcard
/// bombs and giant fields. Serve them on a ``FakeBookSite``.
///
/// ```swift
/// site.setPage(.html(HostileBookPages.referenceCycles), at: "/books/cycle")
/// site.generator = { path in HostileBookPages.linkFarm(at: path, links: 60_000) }
/// ```
public enum HostileBookPages {
    /// A JSON-LD `Book` whose name is a node that names itself, whose author is a node naming the
    /// book, and whose image's `url` points back at the image: a reader that follows every
    /// `@id` never ends. Its title is in `headline`, so the page still has a book.
    public static let referenceCycles = page(
        jsonLD: """
            {"@context": "https://schema.org", "@graph": [
              {"@type": "Book", "@id": "#book", "name": {"@id": "#x"}, "headline": "The Cycle",
               "author": {"@id": "#author"}, "image": {"@id": "#cover"}},
              {"@id": "#x", "name": {"@id": "#x"}},
              {"@id": "#author", "name": {"@id": "#book"}},
              {"@id": "#cover", "@type": "ImageObject", "url": {"@id": "#cover"}}
            ]}
            """)

    /// A microdata `Book` whose `itemref`s name elements that name each other and the element
    /// holding the book; its author item refers to itself. Its name is "Itemref Loop", its
    /// author "Ada" (found once, though named by several references).
    public static let itemrefCycles = """
        <!DOCTYPE html><html><head><title>Loop</title></head><body>
        <div id="outer">
          <div itemscope itemtype="https://schema.org/Book" itemref="a b outer">
            <h1 itemprop="name">Itemref Loop</h1>
          </div>
        </div>
        <div id="a" itemref="b"><span itemprop="author" itemscope itemtype="https://schema.org/Person" itemref="a b">
          <span itemprop="name">Ada</span></span></div>
        <div id="b" itemscope itemtype="https://schema.org/Thing" itemref="a b outer">
          <meta itemprop="description" content="refers back"></div>
        </body></html>
        """

    /// A JSON-LD book "Deep" whose author's name is an object nested `jsonDepth` objects deep
    /// (JSONSerialization reads at most 512), then `htmlDepth` nested `<div>`s: a reader that
    /// follows nesting without a cap reads "Nobody" as the author, or runs out of stack in the HTML.
    public static func deeplyNested(jsonDepth: Int, htmlDepth: Int) -> String {
        let name =
            String(repeating: #"{"name": "#, count: jsonDepth) + #""Nobody""# + String(repeating: "}", count: jsonDepth)
        let divs = String(repeating: "<div>", count: htmlDepth) + "deep" + String(repeating: "</div>", count: htmlDepth)
        return page(jsonLD: #"{"@type": "Book", "name": "Deep", "author": {"name": \#(name)}}"#)
            .replacingOccurrences(of: "</body>", with: divs + "</body>")
    }

    /// The page of a link farm at `path` (which `/farm/` starts): `links` distinct links to other
    /// farm pages, new on every page, plus one over 2 KB; nil for other paths. The farm never
    /// ends: every page it links to is another such page.
    public static func linkFarm(at path: String, links: Int) -> FakeBookSite.Page? {
        guard path.hasPrefix("/farm/") else { return nil }
        var seed = SplitMix64(seed: UInt64(truncatingIfNeeded: path.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }))
        var html = "<!DOCTYPE html><html><head><title>Farm</title></head><body>"
        html.reserveCapacity(links * 36 + 3_000)
        html += "<a href=\"/farm/\(String(repeating: "x", count: 2_100))\">too long</a>"
        for _ in 0..<links {
            html += "<a href=\"/farm/\(String(seed.next(), radix: 16))\">b</a>\n"
        }
        html += "</body></html>"
        return .bytes(Array(html.utf8), contentType: "text/html; charset=utf-8")
    }

    /// A JSON-LD book whose every text field is `bytes` long: title, description, series name, a
    /// thousand authors of 300 bytes, a language and an ISBN of that length, and a cover URL of
    /// 3 KB. (The title is a run of one letter with an accent written as a combining mark, so a
    /// cut that splits a character shows.)
    public static func giantFields(bytes: Int) -> String {
        let text = String(repeating: "e\u{301}", count: bytes / 3)
        let authors = (0..<1_000).map { "\"\($0) \(String(repeating: "a", count: 296))\"" }.joined(separator: ",")
        return page(
            jsonLD: """
                {"@type": "Book", "name": "\(text)", "description": "\(text)", "author": [\(authors)],
                 "isPartOf": {"@type": "BookSeries", "name": "\(text)"}, "position": 1,
                 "inLanguage": "\(String(repeating: "x", count: bytes))",
                 "image": "/covers/\(String(repeating: "c", count: 3_000)).jpg"}
                """)
    }

    /// A robots.txt of `rules` rules `Disallow: /*a…b` (`/a…b` without `wildcard`), each
    /// `length` bytes long, for everyone: a backtracking matcher takes pattern × path steps on
    /// each against a long path of `a`s.
    public static func wildcardRobotsTxt(rules: Int, length: Int, wildcard: Bool = true) -> String {
        let start = wildcard ? "/*" : "/"
        let rule = "Disallow: " + start + String(repeating: "a", count: max(0, length - start.count - 1)) + "b"
        return "User-agent: *\n" + Array(repeating: rule, count: rules).joined(separator: "\n") + "\n"
    }

    private static func page(jsonLD json: String) -> String {
        """
        <!DOCTYPE html><html><head><title>Hostile</title>
        <script type="application/ld+json">\(json)</script></head><body><p>Hostile</p></body></html>
        """
    }
}
