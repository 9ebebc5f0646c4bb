import Foundation
import HTTPServer
import Localization

/// The language a page request is answered in — the page (`/`) and the page without
/// JavaScript (`/search`) — and the headers that say so.
///
/// The reader's choice on the switch (`?hl=ja`, then kept in the `hl` cookie for a year) wins;
/// else their browser's `Accept-Language`; else English. Since the reply depends on both
/// headers it carries `Vary: Accept-Language, Cookie`, so no shared cache hands one reader's
/// language to another, and `Content-Language`.
///
/// ```swift
/// let choice = PageLanguage(request)           // GET /?hl=ja
/// choice.language                              // .japanese
/// choice.headers["Set-Cookie"]                 // "hl=ja; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"
/// ```
struct PageLanguage: Sendable {
    /// The query parameter of the switch. Not `lang`: that one names a Wikipedia's language.
    static let parameter = "hl"
    /// The cookie that keeps the switch's choice.
    static let cookie = "hl"
    static let cookieLifetime = 365 * 24 * 3600

    let language: Language
    /// The language the request's `hl` named, to keep in the cookie; nil without one.
    let chosen: Language?

    init(_ request: Request) {
        chosen = request.query[Self.parameter].flatMap { Language(rawValue: $0) }
        language =
            chosen
            ?? Self.cookieValue(in: request.headers["Cookie"]).flatMap { Language(rawValue: $0) }
            ?? LanguageNegotiation.preferred(acceptLanguage: request.headers["Accept-Language"])
            ?? .english
    }

    /// `Vary`, `Content-Language` and, after a choice on the switch, the cookie that keeps it.
    var headers: HTTPHeaders {
        var headers: HTTPHeaders = ["Vary": "Accept-Language, Cookie", "Content-Language": language.code]
        if let chosen {
            headers["Set-Cookie"] =
                "\(Self.cookie)=\(chosen.code); Path=/; Max-Age=\(Self.cookieLifetime); SameSite=Lax; HttpOnly"
        }
        return headers
    }

    /// The value of the `hl` cookie in a `Cookie` header (`a=1; hl=ja`), if it has one.
    static func cookieValue(in header: String?) -> String? {
        guard let header else { return nil }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookie else { continue }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
