/// The request target (`/path?query`) split, decoded and canonicalized before any routing.
///
/// libmicrohttpd hands the access handler an already-decoded path in which `%2e%2e/` is `../`
/// and `%00` truncates, so Scout parses the raw target itself and rejects what could escape.
struct RequestTarget: Equatable {
    /// The decoded path: starts with `/`, no empty, `.` or `..` segments, no trailing slash
    /// except for the root.
    let path: String
    /// The raw query string without `?` (empty when absent).
    let rawQuery: String

    /// Why a target was refused; each maps to 400.
    enum Rejection: Error, Equatable {
        case notOriginForm
        case malformedEscape
        case dotDotSegment
        case backslash
        case controlCharacter
        case invalidUTF8
    }

    init(raw: String) throws(Rejection) {
        let bytes = Array(raw.utf8)
        let questionMark = bytes.firstIndex(of: UInt8(ascii: "?"))
        let rawPath = bytes[..<(questionMark ?? bytes.endIndex)]
        self.rawQuery = questionMark.map { String(decoding: bytes[($0 + 1)...], as: UTF8.self) } ?? ""

        guard rawPath.first == UInt8(ascii: "/") else { throw .notOriginForm }
        if Self.isCanonical(rawPath) {
            path = String(decoding: rawPath, as: UTF8.self)
            return
        }
        guard !rawPath.contains(UInt8(ascii: "\\")) else { throw .backslash }
        guard let decoded = PercentDecoding.decode(rawPath, plusAsSpace: false, strict: true) else {
            throw .malformedEscape
        }
        guard !decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw .controlCharacter }
        guard !decoded.contains(UInt8(ascii: "\\")) else { throw .backslash }
        guard String(validating: decoded, as: UTF8.self) != nil else { throw .invalidUTF8 }

        // Segments are cut on bytes: `/` never occurs inside a multi-byte UTF-8 sequence, and
        // this runs for every request, where splitting a String by characters showed in profiles.
        var normalized: [UInt8] = []
        normalized.reserveCapacity(decoded.count + 1)
        for segment in decoded.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true) {
            if segment.elementsEqual([UInt8(ascii: ".")]) { continue }
            if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { throw .dotDotSegment }
            normalized.append(UInt8(ascii: "/"))
            normalized.append(contentsOf: segment)
        }
        self.path = normalized.isEmpty ? "/" : String(decoding: normalized, as: UTF8.self)
    }

    /// Whether `rawPath` (starting with `/`) is already what decoding and canonicalizing would
    /// make of it — printable ASCII without `%` or a backslash, no empty segment, none starting with
    /// `.`, no trailing slash but the root's — so the usual target skips both steps.
    private static func isCanonical(_ rawPath: ArraySlice<UInt8>) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in rawPath.dropFirst() {
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "%"), byte != UInt8(ascii: "\\") else { return false }
            if previous == UInt8(ascii: "/"), byte == UInt8(ascii: "/") || byte == UInt8(ascii: ".") { return false }
            previous = byte
        }
        return rawPath.count == 1 || previous != UInt8(ascii: "/")
    }
}
