import Foundation

/// Article links and thumbnail widths, done the way MediaWiki does them.
enum WikipediaLinks {
    /// Wikimedia's standard thumbnail widths: other sizes are rendered on demand and slow.
    static let standardWidths = [20, 40, 60, 120, 250, 330, 500, 960, 1280, 1920, 3840]

    /// The smallest standard width at least `width` (the largest when none is).
    static func snappedWidth(_ width: Int) -> Int {
        standardWidths.first { $0 >= width } ?? standardWidths.last!
    }

    /// `https://en.wikipedia.org/wiki/AC/DC` style link for `title` on the wiki whose API is
    /// `apiURL`: spaces become underscores and the title is encoded like MediaWiki's
    /// `wfUrlencode` (so `?`, `#`, `&`, `%`, `+` and non-ASCII survive).
    static func articleURL(title: String, apiURL: URL) -> URL? {
        guard var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false) else { return nil }
        components.query = nil
        components.fragment = nil
        let path = title.replacingOccurrences(of: " ", with: "_")
        components.percentEncodedPath = "/wiki/" + encodeTitle(path)
        return components.url
    }

    static func encodeTitle(_ title: String) -> String {
        var output = ""
        for byte in title.utf8 {
            if isAllowedInTitle(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += String(format: "%%%02X", byte)
            }
        }
        return output
    }

    private static func isAllowedInTitle(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("-._~;:@$!*(),/".utf8).contains(byte)
        }
    }
}
