import Foundation
import ScoutModels

/// The rules every image key obeys, whatever the host: decoded text, `/`-separated, no empty,
/// dot or dot-dot segments, a conservative character set, nothing that percent-decodes or
/// Unicode-normalizes into a separator, a dot-segment or a scheme.
enum KeyGrammar {
    /// The longest key accepted, in UTF-8 bytes.
    static let maxKeyBytes = 1024
    /// The longest segment accepted, in UTF-8 bytes (file systems and Wikimedia allow 255).
    static let maxSegmentBytes = 255

    /// The key's segments when it is well-formed, else nil.
    static func segments(of key: String) -> [Substring]? {
        guard !key.isEmpty, key.utf8.count <= maxKeyBytes else { return nil }
        let segments = split(key[...])
        guard segments.allSatisfy(isValidSegment) else { return nil }
        return segments
    }

    /// `text` split at every `/` character, keeping empty pieces — what
    /// `text.split(separator: "/", omittingEmptySubsequences: false)` gives, without its grapheme
    /// breaking whenever every `/` stands alone (ASCII on both sides, as in every real key: only
    /// a non-ASCII neighbour can join a `/` into a larger character).
    static func split(_ text: Substring) -> [Substring] {
        let slash = UInt8(ascii: "/")
        let bytes = text.utf8
        var segments: [Substring] = []
        var (start, index, previous) = (bytes.startIndex, bytes.startIndex, UInt8(0))
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 ? previous == slash : byte == slash && previous >= 0x80 { return graphemeSplit(text) }
            if byte == slash {
                segments.append(Substring(bytes[start..<index]))
                start = bytes.index(after: index)
            }
            previous = byte
            bytes.formIndex(after: &index)
        }
        segments.append(Substring(bytes[start...]))
        return segments
    }

    /// The split by characters, for text where a `/` has a non-ASCII neighbour.
    static func graphemeSplit(_ text: Substring) -> [Substring] {
        text.split(separator: "/", omittingEmptySubsequences: false)
    }

    private static func isValidSegment(_ segment: Substring) -> Bool {
        guard !segment.isEmpty, segment.utf8.count <= maxSegmentBytes, !startsWithDot(segment) else {
            return false
        }
        for byte in segment.utf8 {
            guard byte < 0x80 else { return segment.unicodeScalars.allSatisfy(isAllowed) }
            guard isAllowedASCII(byte) else { return false }
        }
        return true
    }

    /// `segment.hasPrefix(".")`, by characters: a `.` followed by ASCII (or nothing) is one
    /// character; only a non-ASCII follower can make it part of another.
    private static func startsWithDot(_ segment: Substring) -> Bool {
        var bytes = segment.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: ".") else { return false }
        guard let second = bytes.next(), second >= 0x80 else { return true }
        return segment.hasPrefix(".")
    }

    /// Slashes and backslashes in other clothes that no normalization maps to ASCII: division
    /// and fraction slash, big solidus, reverse solidus operator, big reverse solidus, set minus.
    private static let slashLookalikes: Set<UInt32> = [0x2215, 0x2044, 0x29F8, 0x29F5, 0x29F9, 0x2216]

    /// Whether a key may contain `scalar` (`/` only between segments).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isAllowedASCII(UInt8(scalar.value)) }
        return NonASCIIVerdicts.shared.isAllowed(scalar, judging: isAllowedNonASCII)
    }

    /// Letters, digits and the punctuation `-_.~!$&'()*+,;=` (`/` only between segments).
    private static func isAllowedASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","),
            UInt8(ascii: ";"), UInt8(ascii: "="):
            true
        default:
            false
        }
    }

    /// The verdict on a non-ASCII scalar; it normalizes the scalar, which costs microseconds, so
    /// ``NonASCIIVerdicts`` remembers it.
    private static func isAllowedNonASCII(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .spaceSeparator, .lineSeparator,
            .paragraphSeparator:
            return false
        default:
            break
        }
        if scalar == "\u{FFFD}" || slashLookalikes.contains(scalar.value) { return false }
        // Lookalikes that compatibility-normalize into ASCII punctuation (fullwidth solidus,
        // one-dot leader, small reverse solidus …) are refused: some servers normalize.
        let normalized = String(scalar).precomposedStringWithCompatibilityMapping
        return !normalized.unicodeScalars.contains { $0.isASCII && !isAllowed($0) || $0 == "." }
    }

    /// Percent-encodes segments and joins them with `/`: every byte except the RFC 3986
    /// unreserved set is escaped, as Wikimedia's own thumbnail URLs do (`(` → `%28`, `é` → `%C3%A9`).
    static func encode(_ segments: [Substring]) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(segments.reduce(segments.count) { $0 + $1.utf8.count } * 3 / 2)
        for (index, segment) in segments.enumerated() {
            if index > 0 { encoded.append(UInt8(ascii: "/")) }
            PercentEncoding.append(segment.utf8, to: &encoded)
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Decodes `%XX` escapes; nil for a malformed escape or bytes that are not UTF-8.
    static func decode(_ encoded: Substring) -> String? {
        PercentEncoding.decode(encoded.utf8).flatMap { String(validating: $0, as: UTF8.self) }
    }
}
