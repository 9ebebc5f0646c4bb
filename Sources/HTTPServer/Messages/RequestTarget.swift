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
        guard !rawPath.contains(UInt8(ascii: "\\")) else { throw .backslash }
        guard let decoded = PercentDecoding.decode(rawPath, plusAsSpace: false, strict: true) else {
            throw .malformedEscape
        }
        guard !decoded.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { throw .controlCharacter }
        guard !decoded.contains(UInt8(ascii: "\\")) else { throw .backslash }
        guard let path = String(validating: decoded, as: UTF8.self) else { throw .invalidUTF8 }

        var segments: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": throw .dotDotSegment
            default: segments.append(segment)
            }
        }
        self.path = "/" + segments.joined(separator: "/")
    }
}
