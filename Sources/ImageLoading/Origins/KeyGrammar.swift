import Foundation

/// The rules every image key obeys, whatever the host: decoded text, `/`-separated, no empty,
/// dot or dot-dot segments, a conservative character set, nothing that percent-decodes or
/// Unicode-normalizes into a separator, a dot-segment or a scheme.
enum KeyGrammar {
    /// The longest key accepted, in UTF-8 bytes.
    static let maxKeyBytes = 1024
    /// The longest segment accepted, in UTF-8 bytes (file systems and Wikimedia allow 255).
    static let maxSegmentBytes = 255

    /// ASCII characters a key may contain besides letters and digits (and `/` between segments).
    private static let allowedASCIIPunctuation = Set("-_.~!$&'()*+,;=".unicodeScalars)

    /// The key's segments when it is well-formed, else nil.
    static func segments(of key: String) -> [Substring]? {
        guard !key.isEmpty, key.utf8.count <= maxKeyBytes else { return nil }
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.allSatisfy(isValidSegment) else { return nil }
        return segments
    }

    private static func isValidSegment(_ segment: Substring) -> Bool {
        guard !segment.isEmpty, segment.utf8.count <= maxSegmentBytes, !segment.hasPrefix(".") else {
            return false
        }
        return segment.unicodeScalars.allSatisfy(isAllowed)
    }

    /// Slashes and backslashes in other clothes that no normalization maps to ASCII: division
    /// and fraction slash, big solidus, reverse solidus operator, big reverse solidus, set minus.
    private static let slashLookalikes: Set<UInt32> = [0x2215, 0x2044, 0x29F8, 0x29F5, 0x29F9, 0x2216]

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || allowedASCIIPunctuation.contains(scalar)
        }
        return NonASCIIVerdicts.shared.isAllowed(scalar, judging: isAllowedNonASCII)
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

    /// Percent-encodes a segment: every byte except the RFC 3986 unreserved set, as
    /// Wikimedia's own thumbnail URLs do (`(` → `%28`, `é` → `%C3%A9`).
    static func encode(_ segment: Substring) -> String {
        var encoded = ""
        encoded.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }

    /// Decodes `%XX` escapes; nil for a malformed escape or bytes that are not UTF-8.
    static func decode(_ encoded: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.utf8.count)
        var iterator = encoded.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    return nil
                }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
