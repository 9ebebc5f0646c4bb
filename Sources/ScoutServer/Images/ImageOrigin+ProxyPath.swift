import Foundation
import ImageLoading
import ScoutModels

extension ImageOrigin {
    /// The path of `url` on Scout's image proxy, `/img/<source>/<percent-encoded key>`, for
    /// rewriting a thumbnail URL in a JSON reply; nil when the URL has no key here.
    ///
    /// ```swift
    /// ImageOrigin.wikimedia().proxyPath(for: thumbnail)
    /// // "/img/wikipedia/wikipedia/commons/thumb/1/1a/Barc_%28Eure%2C_Fr%29….JPG/140px-….JPG"
    /// ```
    public func proxyPath(for url: URL) -> String? {
        keyAndEncoding(for: url).map { proxyPathPrefix + $0.encoded }
    }

    /// `/img/<source>/`: where this origin's keys go on the proxy, the source percent-encoded
    /// (all but the RFC 3986 unreserved characters).
    ///
    /// ```swift
    /// ImageOrigin.wikimedia().proxyPathPrefix   // "/img/wikipedia/"
    /// ```
    public var proxyPathPrefix: String {
        "/img/" + PercentEncoding.encode(source.rawValue.utf8) + "/"
    }
}
