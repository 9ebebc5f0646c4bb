import Foundation

/// The links of a page the crawler cares about: those in its "similar books" sections, and those
/// to other pages of the same site (which it may follow) — at most `limit` of each kind.
///
/// ```swift
/// let links = PageLinks(document: document, limit: 2_000)
/// links.similar().links    // [https://example.org/books/catching-fire, …]
/// links.sameSite().links   // the followable links to example.org, the first 2,000
/// ```
struct PageLinks {
    let document: HTMLDocument
    /// The most links taken from the page, each kind; the rest are left unread (and counted).
    let limit: Int

    /// Links of the page, each kind: those taken, and how many were left out — past ``limit``
    /// or longer than ``CrawlURL/maxBytes``.
    struct Taken: Equatable {
        var links: [URL] = []
        var dropped = 0
    }

    /// The http(s) links inside "similar books" sections, normalized, each once, in page order;
    /// never the page itself.
    func similar() -> Taken {
        let sections = document.elements(where: SimilarSection.contains)
        let anchors = sections.flatMap { $0.descendants { $0.name == "a" } }
        return take(anchors, excluding: CrawlURL.normalized(document.url)) { _ in true }
    }

    /// The http(s) links to other pages of the page's site (see ``CrawlURL/site(of:)``),
    /// normalized, each once, in page order. Links marked `rel="nofollow"` are left out: the
    /// site asked crawlers not to follow them.
    func sameSite() -> Taken {
        let site = CrawlURL.site(of: document.url)
        let anchors = document.elements { ["a", "area"].contains($0.name) && !$0.hasToken("nofollow", in: "rel") }
        return take(anchors, excluding: CrawlURL.normalized(document.url)) { CrawlURL.site(of: $0) == site }
    }

    /// The first ``limit`` distinct links of `anchors` that `isWanted`; anchors past it are
    /// counted, never read, so a page of 60,000 links costs no more than one of ``limit``.
    private func take(_ anchors: [HTMLElement], excluding page: URL?, where isWanted: (URL) -> Bool) -> Taken {
        var seen: Set<URL> = page.map { [$0] } ?? []
        var taken = Taken()
        for (index, anchor) in anchors.enumerated() {
            guard taken.links.count < limit else {
                taken.dropped += anchors.count - index
                break
            }
            guard let url = anchor["href"].flatMap(document.webURL) else { continue }
            guard CrawlURL.isShortEnough(url) else {
                taken.dropped += 1
                continue
            }
            guard let normalized = CrawlURL.normalized(url), isWanted(normalized), seen.insert(normalized).inserted
            else { continue }
            taken.links.append(normalized)
        }
        return taken
    }
}
