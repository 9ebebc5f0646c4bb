import Foundation

/// What a site's robots.txt lets Scout fetch, read as RFC 9309 and Google read it.
///
/// - The groups whose `User-agent` is Scout's product token (any case) apply, all of them
///   merged; without one, the `*` groups; without those, everything is allowed.
/// - Of the `Allow`/`Disallow` rules matching a path, the longest pattern wins, and `Allow` wins
///   a tie. `*` matches any run of characters and a final `$` anchors the end.
/// - `Crawl-delay` (seconds, fractions allowed) becomes the least time between two requests.
/// - `/robots.txt` itself is always allowed.
/// - Of a hostile file, the first ``maxFileBytes`` are read and the first ``maxRules`` rules
///   kept, at most ``maxWildcardRules`` of them with a `*`; a rule longer than any address Scout
///   fetches is ignored. Each rule matches in time
///   linear in its pattern and the path (``RobotsRule``), so a check costs at most rules ×
///   (pattern + path), whatever the patterns.
///
/// How the file was answered matters as much (see ``RobotsPolicy/allowAll`` and
/// ``RobotsPolicy/disallowAll``): 4xx means no rules, 5xx or no answer means stay away.
///
/// ```swift
/// let robots = RobotsPolicy(parsing: "User-agent: *\nDisallow: /private/\nCrawl-delay: 2")
/// robots.allows(path: "/private/a")   // false
/// robots.crawlDelay                   // 2 seconds
/// ```
public struct RobotsPolicy: Sendable, Hashable {
    /// The most of a robots.txt read, in bytes: 500 KiB, as Google reads (RFC 9309 asks for at
    /// least that much).
    public static let maxFileBytes = 500 * 1024
    /// The most rules read from one file, every group's together; the rest are ignored, as what
    /// lies past ``maxFileBytes`` is. Large real sites write a few hundred for one crawler. A
    /// check compares a rule without `*` once (`memcmp`) and reads the path once for a rule with
    /// one, so these bound it.
    public static let maxRules = 500
    /// The most rules with a `*` read from one file: they cost a pass over the path each, the
    /// others a comparison. Real files write a few dozen; 100 against a 2 KB path is about
    /// 200 KB of steps, under 3 ms in a debug build.
    public static let maxWildcardRules = 100

    /// The rules that apply to Scout, in file order.
    let rules: [RobotsRule]
    /// The least time between two requests the site asks for, if it asks.
    public let crawlDelay: Duration?

    /// A site without rules for Scout (its robots.txt answered 404 or any other 4xx).
    public static let allowAll = RobotsPolicy(rules: [], crawlDelay: nil)
    /// A site whose robots.txt could not be read (5xx, timeout, unreachable): nothing may be
    /// fetched there for this crawl, as Google does.
    public static let disallowAll = RobotsPolicy(rules: [RobotsRule(isAllow: false, pattern: "/")], crawlDelay: nil)

    init(rules: [RobotsRule], crawlDelay: Duration?) {
        self.rules = rules
        self.crawlDelay = crawlDelay
    }

    /// Reads a robots.txt file for the crawler named `productToken`.
    ///
    /// ```swift
    /// let robots = RobotsPolicy(parsing: text, productToken: "Scout")
    /// ```
    public init(parsing text: String, productToken: String = "Scout") {
        let groups = RobotsGroup.parse(text)
        let token = productToken.lowercased()
        var chosen = groups.filter { $0.agents.contains(token) }
        if chosen.isEmpty { chosen = groups.filter { $0.agents.contains("*") } }
        self.init(
            rules: chosen.flatMap(\.rules),
            crawlDelay: chosen.compactMap(\.crawlDelay).max().map { .milliseconds(Int64(($0 * 1000).rounded())) })
    }

    /// Whether Scout may fetch `url`: `robots.allows(URL(string: "https://example.org/a?b")!)`.
    public func allows(_ url: URL) -> Bool {
        allows(path: CrawlURL.pathAndQuery(of: url))
    }

    /// Whether Scout may fetch `path` (with its query, percent-encoded as sent):
    /// `robots.allows(path: "/books/1")`.
    public func allows(path: String) -> Bool {
        if path == "/robots.txt" { return true }
        let canonicalPath = RobotsRule.canonical(path)
        var best: RobotsRule?
        for rule in rules where rule.matches(canonical: canonicalPath) {
            guard let current = best else {
                best = rule
                continue
            }
            if rule.specificity > current.specificity || (rule.specificity == current.specificity && rule.isAllow) {
                best = rule
            }
        }
        return best?.isAllow ?? true
    }
}
