import Foundation

/// Makes text from outside (upstream titles and descriptions, the query people typed) safe to
/// write into an HTML page, and decides which links and image addresses a page may carry
/// (SECURITY.md T2, invariant 5).
///
/// ```swift
/// HTMLEscaping.escape(#"<b title="x">Tom & Jerry's</b>"#)
/// // "&lt;b title=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/b&gt;"
/// HTMLEscaping.safeLink("javascript:alert(1)")   // nil
/// ```
public enum HTMLEscaping {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, and NUL by
    /// U+FFFD, so it reads as the same text both between tags and inside a quoted attribute
    /// value (single or double quotes).
    public static func escape(_ text: some StringProtocol) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "\u{0}": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `link` when it is an absolute `http` or `https` URL with a host, else nil — so no
    /// `javascript:`, `data:`, `vbscript:`, relative or malformed link reaches an `href`.
    /// The result still has to be escaped for its attribute.
    public static func safeLink(_ link: String) -> String? {
        guard let url = URL(string: link), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty
        else { return nil }
        return url.absoluteString
    }

    /// `address` when it is a path on this server (`/img/wikipedia/…`, not `//host/…`) or an
    /// http(s) URL, else nil. The page's CSP then only lets same-origin images load.
    public static func safeImageSource(_ address: String) -> String? { safeAddress(address) }

    /// `address` when it is a path on this server (`/api/v1/books/1/related`, not `//host/…`)
    /// or an http(s) URL, else nil: for results whose link is a view on this server.
    ///
    /// ```swift
    /// HTMLEscaping.safeAddress("/api/v1/books/1/related")   // the same path
    /// HTMLEscaping.safeAddress("//evil.example/")           // nil
    /// ```
    public static func safeAddress(_ address: String) -> String? {
        if address.hasPrefix("/") {
            let isSameOrigin =
                !address.hasPrefix("//") && !address.contains("\\")
                && !address.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F }
            return isSameOrigin ? address : nil
        }
        return safeLink(address)
    }

    /// Characters left as they are in a query value (RFC 3986 unreserved).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// A query string such as `q=z%C3%BCr&source=wikipedia` from name-value pairs, every name
    /// and value percent-encoded (RFC 3986). Escape it before it goes into an attribute.
    public static func query(_ items: [(name: String, value: String)]) -> String {
        items.map { name, value in
            let encodedName = name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            let encodedValue = value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
            return "\(encodedName)=\(encodedValue)"
        }
        .joined(separator: "&")
    }
}
