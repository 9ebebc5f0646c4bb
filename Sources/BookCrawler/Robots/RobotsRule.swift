import Foundation
import ScoutModels

/// One `Allow` or `Disallow` line: a path pattern where `*` matches any run of characters and a
/// final `$` anchors the end; without `$` it matches any path that starts like it.
///
/// Matching takes time linear in the pattern and the path, whatever the pattern: the pattern is
/// kept as its literal runs between `*`s, the path must start with the first run, and each
/// other run is found at its leftmost place after the one before (Knuth–Morris–Pratt, its table
/// made once with the rule) — the leftmost place is always the right one when `*` is the only
/// wildcard. A backtracking matcher costs pattern × path on a hostile file (`/*a…4000…b` against
/// a 7,000-character path took 27 ms a rule).
///
/// ```swift
/// RobotsRule(isAllow: false, pattern: "/*.pdf$").matches("/a/b.pdf")   // true
/// RobotsRule(isAllow: false, pattern: "/*.pdf$").matches("/b.pdf?x")   // false
/// ```
struct RobotsRule: Sendable, Hashable {
    /// The longest pattern read, in bytes as written: as long as the longest address Scout
    /// fetches (``CrawlURL/maxBytes``). A longer rule is ignored — it matches no such address
    /// unless a run of `*`s makes up its length, which no real file writes.
    static let maxPatternBytes = CrawlURL.maxBytes

    let isAllow: Bool
    /// How specific the rule is: the length of its pattern as written. The longest match wins.
    let specificity: Int
    /// The canonical pattern's runs between `*`s, in order (empty where a `*` starts or ends it).
    private let runs: [[UInt8]]
    /// Each run's Knuth–Morris–Pratt table (``overlaps(of:)``), made once with the rule.
    private let overlaps: [[UInt16]]
    /// The bytes a matching path holds at least: those of every run.
    private let literalCount: Int
    private let isAnchored: Bool

    init(isAllow: Bool, pattern: String) {
        self.isAllow = isAllow
        specificity = pattern.utf8.count
        var bytes = Self.canonical(pattern)
        isAnchored = bytes.last == UInt8(ascii: "$")
        if isAnchored { bytes.removeLast() }
        runs = bytes.split(separator: UInt8(ascii: "*"), omittingEmptySubsequences: false).map(Array.init)
        overlaps = runs.map(Self.overlaps)
        literalCount = runs.reduce(0) { $0 + $1.count }
    }

    /// Whether the rule applies to `path` (path and query, as sent).
    func matches(_ path: String) -> Bool {
        matches(canonical: Self.canonical(path))
    }

    /// Whether the rule applies to a path already made ``canonical(_:)``; linear in both.
    func matches(canonical path: [UInt8]) -> Bool {
        guard path.count >= literalCount, Self.holds(runs[0], in: path, at: 0) else { return false }
        guard runs.count > 1 else { return !isAnchored || path.count == runs[0].count }
        var position = runs[0].count
        // Unanchored, the last run is found like the middle ones; anchored, it must end the path.
        let found = isAnchored ? runs.count - 1 : runs.count
        for index in 1..<found {
            guard let start = Self.firstIndex(of: runs[index], overlaps: overlaps[index], in: path, from: position)
            else { return false }
            position = start + runs[index].count
        }
        guard isAnchored, let last = runs.last else { return true }
        return path.count - last.count >= position && Self.holds(last, in: path, at: path.count - last.count)
    }

    /// Where `run` first occurs in `path` at or after `start`, by Knuth–Morris–Pratt: each byte
    /// of the path is read once, each step back along the table paid for by a step forward.
    private static func firstIndex(of run: [UInt8], overlaps: [UInt16], in path: [UInt8], from start: Int) -> Int? {
        guard !run.isEmpty else { return start }
        // Raw pointers and a while loop: this loop is the whole cost of a check, and a debug
        // build calls a function for each array or range step (it inlines pointer steps).
        return run.withUnsafeBufferPointer { run in
            overlaps.withUnsafeBufferPointer { overlaps in
                path.withUnsafeBufferPointer { path in
                    guard let needle = run.baseAddress, let table = overlaps.baseAddress,
                        let haystack = path.baseAddress
                    else { return nil }
                    let (needleCount, count) = (run.count, path.count)
                    var (matched, index) = (0, start)
                    while index < count {
                        let byte = haystack[index]
                        while matched > 0, needle[matched] != byte { matched = Int(table[matched - 1]) }
                        if needle[matched] == byte { matched += 1 }
                        if matched == needleCount { return index - needleCount + 1 }
                        index += 1
                    }
                    return nil
                }
            }
        }
    }

    /// Whether `path` holds `run` at `offset` (`memcmp`, as fast in a debug build).
    private static func holds(_ run: [UInt8], in path: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + run.count <= path.count else { return false }
        return path.withUnsafeBytes { path in
            run.withUnsafeBytes { run in
                run.isEmpty || memcmp(path.baseAddress! + offset, run.baseAddress!, run.count) == 0
            }
        }
    }

    /// The Knuth–Morris–Pratt table of `run`: at each byte, the length of the longest proper
    /// prefix of the run that ends there. Runs are short (a rule is at most
    /// ``maxPatternBytes``, three times that once escaped), so an entry fits 16 bits.
    private static func overlaps(of run: [UInt8]) -> [UInt16] {
        var table = [UInt16](repeating: 0, count: run.count)
        var length = 0
        for index in run.indices.dropFirst() {
            while length > 0, run[index] != run[length] { length = Int(table[length - 1]) }
            if run[index] == run[length] { length += 1 }
            table[index] = UInt16(length)
        }
        return table
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
