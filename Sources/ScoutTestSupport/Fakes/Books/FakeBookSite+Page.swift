import Foundation
import HTTPServer

extension FakeBookSite {
    /// The addresses of the fake book site.
    public enum Path {
        /// Forbids `/private/` to everyone (with a `Crawl-delay`), everything to `GreedyBot`.
        public static let robots = "/robots.txt"
        /// The home page: no book; links to The Hunger Games, the Dune redirect and About.
        public static let index = "/"
        /// No book (Open Graph `website`); links home, to the long book, the Latin-1 page, the
        /// draft and the staff picks.
        public static let about = "/about"
        /// JSON-LD, one object, with `isPartOf` series, rating, ISBN, image …; similar books:
        /// Catching Fire, A Wizard of Earthsea, the private book (and ``FakeBookSite/similarElsewhere``).
        public static let hungerGames = "/books/hunger-games"
        /// JSON-LD `@graph` whose author is an `@id` reference; series only in the title suffix.
        public static let catchingFire = "/books/catching-fire"
        /// JSON-LD with a name and nothing else.
        public static let mockingjay = "/books/mockingjay"
        /// Open Graph `book:` tags only.
        public static let dune = "/books/dune"
        /// 301 to ``dune``.
        public static let oldDune = "/old/dune"
        /// Microdata only.
        public static let earthsea = "/books/earthsea"
        /// Broken HTML (stray `<`, bad nesting, unclosed elements, unquoted attributes), microdata.
        public static let brokenHTML = "/books/left-hand-of-darkness"
        /// A broken JSON-LD block and valid Open Graph tags.
        public static let brokenJSONLD = "/books/neuromancer"
        /// JSON-LD with a 60 KiB description.
        public static let long = "/books/the-long-book"
        /// `text/html; charset=iso-8859-1`, in Latin-1 bytes.
        public static let latin1 = "/books/les-miserables"
        /// Always HTTP 500.
        public static let failing = "/books/out-of-print"
        /// A JPEG image.
        public static let cover = "/covers/hunger-games.jpg"
        /// A book page robots.txt forbids.
        public static let hidden = "/private/hidden-book"
        /// A JSON-LD book page whose `<meta name="robots">` says `noindex`.
        public static let draft = "/books/draft"
        /// A list page whose `<meta name="scout">` says `nofollow`; links to ``unlisted``.
        public static let staffPicks = "/lists/staff-picks"
        /// Linked only from ``staffPicks``, so a polite crawler never asks for it (not served).
        public static let unlisted = "/books/unlisted"
    }

    /// What the fake answers at one path.
    public enum Page: Sendable {
        /// An HTML page, UTF-8. `{{origin}}` becomes `http://127.0.0.1:PORT` and `{{elsewhere}}`
        /// the ``FakeBookSite/similarElsewhere`` links as `<li>` items.
        case html(String)
        /// These bytes with this `Content-Type`.
        case bytes([UInt8], contentType: String)
        /// A redirect to `location` with `status` (301, 302 …).
        case redirect(to: String, status: Int)
        /// An HTML error page with this status.
        case status(Int)

        func response(origin: String, elsewhere: String) -> Response {
            switch self {
            case .html(let template):
                let html = template.replacingOccurrences(of: "{{origin}}", with: origin)
                    .replacingOccurrences(of: "{{elsewhere}}", with: elsewhere)
                return Response(
                    status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], bytes: Array(html.utf8))
            case .bytes(let bytes, let contentType):
                return Response(status: 200, headers: ["Content-Type": contentType], bytes: bytes)
            case .redirect(let location, let status):
                return Response(status: status, headers: ["Location": location, "Content-Type": "text/plain"])
            case .status(let status):
                return Response(
                    status: status, headers: ["Content-Type": "text/html"],
                    bytes: Array("<h1>Error \(status)</h1>".utf8))
            }
        }
    }
}
