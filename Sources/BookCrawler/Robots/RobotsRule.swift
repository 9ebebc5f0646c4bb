import ScoutModels

/// One `Allow` or `Disallow` line: a path pattern where `*` matches any run of characters and a
/// final `$` anchors the end; without `$` it matches any path that starts like it.
///
/// ```swift
/// RobotsRule(isAllow: false, pattern: "/*.pdf$").matches("/a/b.pdf")   // true
/// RobotsRule(isAllow: false, pattern: "/*.pdf$").matches("/b.pdf?x")   // false
/// ```
struct RobotsRule: Sendable, Hashable {
    let isAllow: Bool
    /// How specific the rule is: the length of its pattern as written. The longest match wins.
    let specificity: Int
    private let pattern: [UInt8]
    private let isAnchored: Bool

    init(isAllow: Bool, pattern: String) {
        self.isAllow = isAllow
        specificity = pattern.utf8.count
        var bytes = Self.canonical(pattern)
        isAnchored = bytes.last == UInt8(ascii: "$")
        if isAnchored { bytes.removeLast() }
        self.pattern = bytes
    }

    /// Whether the rule applies to `path` (path and query, as sent).
    func matches(_ path: String) -> Bool {
        matches(canonical: Self.canonical(path))
    }

    /// Glob matching with backtracking to the last `*`: linear for patterns with one star, and
    /// never worse than pattern × path.
    func matches(canonical path: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*")
        var (p, s) = (0, 0)
        var lastStar: (pattern: Int, path: Int)?
        while s < path.count {
            if p < pattern.count, pattern[p] == star {
                lastStar = (p, s)
                p += 1
            } else if p < pattern.count, pattern[p] == path[s] {
                p += 1
                s += 1
            } else if p == pattern.count, !isAnchored {
                return true  // the pattern matched a prefix of the path
            } else if let star = lastStar {
                lastStar = (star.pattern, star.path + 1)
                (p, s) = (star.pattern + 1, star.path + 1)
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }

    /// `text` as comparable bytes: non-ASCII and spaces percent-encoded as UTF-8, escapes in
    /// upper-case hex — so `/ü`, `/%c3%bc` and `/%C3%BC` are the same path, as RFC 9309 asks.
    static func canonical(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var escapeDigitsLeft = 0
        for byte in text.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: " ") {
                PercentEncoding.appendEscape(of: byte, to: &bytes)
                escapeDigitsLeft = 0
                continue
            }
            if escapeDigitsLeft > 0, (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte) {
                bytes.append(byte - 32)
            } else {
                bytes.append(byte)
            }
            escapeDigitsLeft = byte == UInt8(ascii: "%") ? 2 : max(0, escapeDigitsLeft - 1)
        }
        return bytes
    }
}
