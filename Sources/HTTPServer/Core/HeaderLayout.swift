import CMicroHTTPD
import Foundation

/// Checks, in libmicrohttpd's own read buffer, what its parsing hides from the strings it hands
/// out: a NUL inside the target or a header name (the string just ends there — `GET /a\0b`
/// was answered as `/a`), a folded header line (obs-fold), a bare CR or LF ending a line, more
/// than one space between the parts of the request line (SECURITY.md T20).
///
/// libmicrohttpd 0.9.75 parses the head in place: it writes a NUL over each separator it finds
/// (the space after the method and before the version, each header's colon, each CR and LF)
/// and keeps pointers into that buffer. So in a well-formed head every piece starts exactly
/// where the previous one's string ends plus its separator: the method's end + 1 is the target,
/// the target's raw end + 1 the version, a line's end + 2 (CR LF) the next header's name, a
/// name's end + 1 and any blanks its value. Anything else between them is something the strings
/// do not show, and the head is refused. A folded value is copied elsewhere by libmicrohttpd,
/// so its pointer is out of place too.
///
/// Reading is bounded to the head: only the bytes between a name's colon and its value are read,
/// and only while they are blanks, which never end a line. Everything else compares addresses.
/// The layout is libmicrohttpd's, so these checks run only on the version they were measured on
/// (``isSupported``); ``RequestFraming`` runs on every version.
struct HeaderLayout {
    /// One header field's name and value as libmicrohttpd stores them.
    struct Field {
        let name: UnsafePointer<CChar>
        let value: UnsafePointer<CChar>
    }

    /// The start of the request line: libmicrohttpd's method string.
    let method: UnsafePointer<CChar>
    /// The address of the target as the URI callback saw it, before libmicrohttpd decoded it in
    /// place, and its length then.
    let targetAddress: UInt
    let targetLength: Int
    let version: UnsafePointer<CChar>
    /// In the order they arrived.
    let fields: [Field]

    /// Whether this process's libmicrohttpd parses the head as described above (measured on
    /// Debian 12's 0.9.75 by `HTTPFramingTests`; newer versions check framing themselves with
    /// `MHD_OPTION_CLIENT_DISCIPLINE_LVL`).
    static let isSupported: Bool = String(cString: MHD_get_version()) == "0.9.75"

    /// Whether nothing hides between the pieces of the head.
    func isWellFormed() -> Bool {
        guard UInt(bitPattern: method + strlen(method) + 1) == targetAddress else { return false }
        let versionLength = strlen(version)
        guard versionLength > 0, targetAddress + UInt(targetLength) + 1 == UInt(bitPattern: version) else {
            return false
        }
        var lineEnd = version + versionLength
        for field in fields {
            guard field.name == lineEnd + 2, Self.valueFollowsName(field) else { return false }
            lineEnd = field.value + strlen(field.value)
        }
        return Self.headEnds(at: lineEnd)
    }

    /// Whether the last line's string ends where its line end was: a NUL inside the last value
    /// leaves the rest of the value after it instead. Reads one byte, which is inside the head
    /// whichever way it ends (the LF of its CR LF, or the empty line's LF).
    private static func headEnds(at lineEnd: UnsafePointer<CChar>) -> Bool { lineEnd[1] == 0 }

    /// Whether the value starts right after the name's colon and the blanks after it.
    private static func valueFollowsName(_ field: Field) -> Bool {
        var cursor = field.name + strlen(field.name)
        guard cursor < field.value else { return false }
        cursor += 1
        while cursor < field.value, cursor.pointee == 0x20 || cursor.pointee == 0x09 { cursor += 1 }
        return cursor == field.value
    }
}
