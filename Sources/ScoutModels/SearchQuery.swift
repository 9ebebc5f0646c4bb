import Foundation

/// What a person typed, normalized so that the same intent is always the same query: Unicode
/// NFC, control characters and bidi controls removed, whitespace trimmed and collapsed, at most
/// ``maximumLength`` characters (longer is an error, never a silent truncation).
///
/// ```swift
/// let query = try SearchQuery("  Zu\u{308}rich   Hbf ")
/// query.text   // "Zürich Hbf" (NFC)
/// query.key    // "zürich hbf" — for comparisons and narrowing
/// ```
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// The longest query accepted, in characters (grapheme clusters).
    public static let maximumLength = 256

    /// The normalized text, as sent upstream — and so the key of any cache of upstream answers
    /// shared between people (the server's: SECURITY.md T19).
    public let text: String
    /// A case- and width-folded form of ``text``, for comparisons and narrowing within one
    /// person's session. Never the key of a shared cache: upstreams do not fold alike, so texts
    /// with one folded key (`Straße`, `STRASSE`) can have different answers.
    public let key: String

    /// Normalizes `raw`; throws ``SearchQueryError/tooLong(length:limit:)`` past the limit.
    public init(_ raw: String) throws(SearchQueryError) {
        let text = Self.normalize(raw)
        guard text.count <= Self.maximumLength else {
            throw .tooLong(length: text.count, limit: Self.maximumLength)
        }
        self.text = text
        self.key = text.folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
    }

    /// True when nothing searchable was typed.
    public var isEmpty: Bool { text.isEmpty }

    public var description: String { text }

    /// Whether this query's key extends `other`'s: results for `other` may be narrowed to it.
    public func refines(_ other: SearchQuery) -> Bool {
        !other.key.isEmpty && key.count > other.key.count && key.hasPrefix(other.key)
    }

    /// NFC, minus control and bidi-control characters, with whitespace collapsed and trimmed.
    static func normalize(_ raw: String) -> String {
        // ASCII is its own NFC, before and after controls are removed: most queries skip both passes.
        let isASCII = raw.utf8.allSatisfy { $0 < 0x80 }
        let composed = isASCII ? raw : raw.precomposedStringWithCanonicalMapping
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in composed.unicodeScalars {
            if scalar.properties.isWhitespace || scalar == "\u{0085}" {
                pendingSpace = !result.isEmpty
                continue
            }
            if isRemoved(scalar) { continue }
            if pendingSpace {
                result.append(" ")
                pendingSpace = false
            }
            result.append(scalar)
        }
        // Removing a control can join a base and a combining mark: compose once more.
        return isASCII ? String(result) : String(result).precomposedStringWithCanonicalMapping
    }

    /// C0/C1 controls, and the bidi controls that can reorder or hide text (SECURITY.md T5).
    private static func isRemoved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x061C: true  // LRM, RLM, ALM
        case 0x202A...0x202E: true  // embeddings and overrides
        case 0x2066...0x2069: true  // isolates
        case 0xFEFF: true  // byte-order mark / zero-width no-break space
        default: false
        }
    }
}

/// Why text cannot be a ``SearchQuery``.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooLong(length: Int, limit: Int)

    public var description: String {
        switch self {
        case .tooLong(let length, let limit):
            "The search is \(length) characters long; the limit is \(limit). Shorten it and try again."
        }
    }
}
