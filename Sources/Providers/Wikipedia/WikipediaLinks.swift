import Foundation
import ScoutModels

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
        ArticleLinks(apiURL: apiURL)?.url(title: title)
    }

    /// Article links of one wiki, its origin worked out once: a search reply links every page.
    struct ArticleLinks: Sendable {
        /// `https://en.wikipedia.org`: the API address without path, query and fragment.
        let origin: String

        init?(apiURL: URL) {
            guard var components = URLComponents(url: apiURL, resolvingAgainstBaseURL: false) else { return nil }
            (components.path, components.query, components.fragment) = ("", nil, nil)
            guard let origin = components.string else { return nil }
            self.origin = origin
        }

        func url(title: String) -> URL? {
            URL(string: origin + "/wiki/" + encodeTitle(title))
        }
    }

    /// `title` as MediaWiki writes it in a link: spaces as underscores, everything outside the
    /// letters, digits and `-._~;:@$!*(),/` percent-encoded byte by byte.
    static func encodeTitle(_ title: String) -> String {
        let underscored = title.utf8.lazy.map { $0 == UInt8(ascii: " ") ? UInt8(ascii: "_") : $0 }
        return PercentEncoding.encode(underscored, keeping: isAllowedInTitle)
    }

    private static let allowedPunctuation = Set("-._~;:@$!*(),/".utf8)

    private static func isAllowedInTitle(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            allowedPunctuation.contains(byte)
        }
    }
}
