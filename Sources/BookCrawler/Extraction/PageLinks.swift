import Foundation

/// The links of a page the crawler cares about: those in its "similar books" sections, and those
/// to other pages of the same site (which it may follow).
///
/// ```swift
/// let links = PageLinks(document: document)
/// links.similar()   // [https://example.org/books/catching-fire, …]
/// links.sameSite()  // every followable link to example.org
/// ```
struct PageLinks {
    let document: HTMLDocument

    /// The http(s) links inside "similar books" sections, normalized, each once, in page order;
    /// never the page itself.
    func similar() -> [URL] {
        let sections = document.elements(where: SimilarSection.contains)
        let anchors = sections.flatMap { $0.descendants { $0.name == "a" } }
        return unique(anchors, excluding: CrawlURL.normalized(document.url))
    }

    /// The http(s) links to other pages of the page's site (see ``CrawlURL/site(of:)``),
    /// normalized, each once, in page order. Links marked `rel="nofollow"` are left out: the
    /// site asked crawlers not to follow them.
    func sameSite() -> [URL] {
        let site = CrawlURL.site(of: document.url)
        let anchors = document.elements { ["a", "area"].contains($0.name) && !$0.hasToken("nofollow", in: "rel") }
        return unique(anchors, excluding: CrawlURL.normalized(document.url)).filter { CrawlURL.site(of: $0) == site }
    }

    private func unique(_ anchors: [HTMLElement], excluding page: URL?) -> [URL] {
        var seen: Set<URL> = page.map { [$0] } ?? []
        return anchors.compactMap { anchor in
            guard let url = anchor["href"].flatMap(document.webURL).flatMap(CrawlURL.normalized),
                seen.insert(url).inserted
            else { return nil }
            return url
        }
    }
}
