/// The framing rules a request's head must meet before anything of it is used (SECURITY.md
/// T20): where two parsers could read one request's length or target differently, a proxy in
/// front and this server could disagree on where the next request starts — request smuggling.
/// So every ambiguous head is refused with 400 and the connection closed, never guessed at.
///
/// Pure: it sees the method, version, target and header fields libmicrohttpd parsed.
/// ``HeaderLayout`` checks, in libmicrohttpd's buffer, what parsing hides (NUL bytes, folded
/// lines, bare line ends).
///
/// ```swift
/// RequestFraming.violation(method: "GET", version: "HTTP/1.1", rawTarget: "/", headers: ["Host": "x"])  // nil
/// ```
enum RequestFraming {
    /// Why a head was refused; the reply's message names it.
    enum Violation: Equatable, CustomStringConvertible {
        case repeatedContentLength
        case invalidContentLength
        case transferEncodingWithContentLength
        case transferEncodingWithoutBody
        case unsupportedTransferEncoding
        case missingHost
        case repeatedHost
        case invalidMethod
        case controlBytesInTarget
        case invalidHeaderName
        case controlBytesInHeaderValue
        /// Found by ``HeaderLayout``: a NUL, a folded line (obs-fold), a bare CR or LF, extra spaces.
        case malformedLine

        public var description: String {
            switch self {
            case .repeatedContentLength: "Content-Length is given more than once"
            case .invalidContentLength: "Content-Length is not one whole number"
            case .transferEncodingWithContentLength: "Transfer-Encoding and Content-Length are both given"
            case .transferEncodingWithoutBody: "a GET or HEAD request has a Transfer-Encoding"
            case .unsupportedTransferEncoding: "Transfer-Encoding is not exactly 'chunked'"
            case .missingHost: "an HTTP/1.1 request has no Host"
            case .repeatedHost: "Host is given more than once"
            case .invalidMethod: "the method is not a token"
            case .controlBytesInTarget: "the request line holds spaces or control bytes"
            case .invalidHeaderName: "a header name holds characters a name cannot"
            case .controlBytesInHeaderValue: "a header value holds control bytes (a bare CR, say)"
            case .malformedLine: "the request line or a header line is malformed"
            }
        }
    }

    /// The first rule the head breaks, or nil when it is unambiguous.
    static func violation(method: String, version: String, rawTarget: String, headers: HTTPHeaders) -> Violation? {
        guard !method.isEmpty, method.utf8.allSatisfy(isTokenByte) else { return .invalidMethod }
        guard rawTarget.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { return .controlBytesInTarget }
        guard headers.allSatisfy({ !$0.name.isEmpty && $0.name.utf8.allSatisfy(isTokenByte) }) else {
            return .invalidHeaderName
        }
        // A CR inside a value is how a bare CR ending a line reaches here: libmicrohttpd reads
        // it as part of the value, a proxy may have read it as the line's end.
        guard headers.allSatisfy({ $0.value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F || $0 == 0x09 } }) else {
            return .controlBytesInHeaderValue
        }
        let hosts = headers.values(for: "Host").count
        if hosts > 1 { return .repeatedHost }
        if hosts == 0, version == "HTTP/1.1" { return .missingHost }
        return bodyFramingViolation(method: method, headers: headers)
    }

    /// How the body's end is found must be said once, one way: one Content-Length of digits, or
    /// `Transfer-Encoding: chunked` alone (and never on GET or HEAD, which have no body here).
    private static func bodyFramingViolation(method: String, headers: HTTPHeaders) -> Violation? {
        let lengths = headers.values(for: "Content-Length")
        let encodings = headers.values(for: "Transfer-Encoding")
        if lengths.count > 1 { return .repeatedContentLength }
        if let length = lengths.first, !(1...18).contains(length.utf8.count) || !length.utf8.allSatisfy(isDigit) {
            return .invalidContentLength
        }
        guard !encodings.isEmpty else { return nil }
        if !lengths.isEmpty { return .transferEncodingWithContentLength }
        if method == "GET" || method == "HEAD" { return .transferEncodingWithoutBody }
        guard encodings.count == 1, encodings[0].caseInsensitiveEquals("chunked") else {
            return .unsupportedTransferEncoding
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    /// RFC 9110 `tchar`: what a method or a header name may hold.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default: "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
