import BookCatalog
import Foundation

/// The crawler's view of an address: one spelling per page, and which origin and site it is on.
///
/// ```swift
/// CrawlURL.normalized(URL(string: "HTTPS://Example.org:443/a#top")!)   // https://example.org/a
/// CrawlURL.origin(of: URL(string: "http://example.org:8080/a")!)       // "http://example.org:8080"
/// CrawlURL.site(of: URL(string: "https://www.example.org/a")!)         // "example.org"
/// ```
enum CrawlURL {
    /// The longest address the crawler reads, follows or stores, in bytes
    /// (``BookCatalog/FieldLimits/url``): browsers and search engines give up near 2 KB, and a
    /// site that needs more is building addresses to fill a crawler's memory.
    static let maxBytes = FieldLimits.url.bytes

    /// `url` without its fragment, scheme and host lower-cased, the default port dropped and an
    /// empty path written `/`; nil unless it is http(s) with a host and at most ``maxBytes``
    /// long. Two links to the same page normalize to the same URL, so the page is fetched once.
    static func normalized(_ url: URL) -> URL? {
        guard isShortEnough(url) else { return nil }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true),
            let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
            let host = components.host, !host.isEmpty
        else { return nil }
        components.scheme = scheme
        components.host = host.lowercased()
        components.fragment = nil
        components.user = nil
        components.password = nil
        if components.port == (scheme == "https" ? 443 : 80) { components.port = nil }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        return components.url
    }

    /// Whether `url` is at most ``maxBytes`` long.
    static func isShortEnough(_ url: URL) -> Bool {
        url.absoluteString.utf8.count <= maxBytes
    }

    /// `scheme://host[:port]`: what robots.txt, pacing and `--same-host` are kept per.
    static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let host = url.host?.lowercased() ?? ""
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(scheme)://\(host)\(port)"
    }

    /// The host and port without a leading `www.`: pages of one site link to each other across
    /// `example.org` and `www.example.org`, and over http and https.
    static func site(of url: URL) -> String {
        var host = url.host?.lowercased() ?? ""
        if host.hasPrefix("www.") { host.removeFirst(4) }
        return host + (url.port.map { ":\($0)" } ?? "")
    }

    /// The path and query a robots.txt rule is matched against: `/books/1?page=2`.
    static func pathAndQuery(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? "/"
        let query = components?.percentEncodedQuery.map { "?" + $0 } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }
}
