import Foundation
import ScoutModels

/// One image host a source's thumbnails live on, and the two-way map between its upstream URLs
/// and the keys Scout's image proxy is addressed by (`/img/<source>/<key>`).
///
/// Clients never send a URL: the server rebuilds it from the key, which must pass strict
/// validation first. Keys are decoded text (`…/Barc_(Eure,_Fr)_église.JPG`); ``url(for:)``
/// percent-encodes their segments again.
///
/// ```swift
/// let origin = ImageOrigin.wikimedia()
/// let key = origin.key(for: thumbnailURL)   // "wikipedia/commons/thumb/a/ab/Zurich.jpg/120px-Zurich.jpg"
/// let url = origin.url(for: key!)           // the same thumbnail URL
/// ```
public struct ImageOrigin: Sendable {
    /// The source whose images these are, such as `.wikipedia`.
    public let source: SourceID
    /// Where keys are rooted, such as `https://upload.wikimedia.org/`; always ends in `/`.
    public let base: URL
    /// The host-specific shape of a key.
    public let rules: ImageKeyRules
    private let parts: BaseParts?

    /// The pieces of ``base`` that an upstream URL must repeat exactly.
    private struct BaseParts: Sendable, Equatable {
        let scheme: String
        let host: String
        let port: Int
        let path: String
        let string: String
    }

    /// Creates an origin; `base` should be an `http(s)` URL with a host and no query, user
    /// or fragment (an origin with another base maps nothing). A missing final `/` is added.
    ///
    /// ```swift
    /// ImageOrigin(source: .flickr, base: URL(string: "https://live.staticflickr.com/")!, rules: flickrRules)
    /// ```
    public init(source: SourceID, base: URL, rules: ImageKeyRules) {
        var string = base.absoluteString
        if !string.hasSuffix("/") { string += "/" }
        let normalized = URL(string: string) ?? base
        self.source = source
        self.base = normalized
        self.rules = rules
        self.parts = Self.parts(of: normalized)
    }

    /// The host name images are fetched from, lower-cased (nil for an unusable base).
    public var host: String? { parts?.host }

    /// The base's scheme, `https` or `http` (nil for an unusable base).
    public var scheme: String? { parts?.scheme }

    /// The base's port, explicit or the scheme's default (nil for an unusable base).
    public var port: Int? { parts?.port }

    /// The key of an upstream image URL: its path below ``base``, percent-decoded. Nil when the
    /// URL is not under the base (scheme, host and port must match), carries a user, fragment
    /// or a query parameter the rules do not drop, or the path is not an image path here.
    ///
    /// ```swift
    /// origin.key(for: URL(string: "https://upload.wikimedia.org/wikipedia/en/2/2c/Abacab.jpg")!)
    /// // "wikipedia/en/2/2c/Abacab.jpg"
    /// ```
    public func key(for url: URL) -> String? {
        keyAndEncoding(for: url)?.key
    }

    /// ``key(for:)`` and the key's ``percentEncodedKey(_:)``, which validating it computes
    /// anyway: a reply's every thumbnail needs both.
    ///
    /// ```swift
    /// origin.keyAndEncoding(for: thumbnailURL)?.encoded   // "wikipedia/commons/thumb/…/120px-B_%28x%29.JPG"
    /// ```
    public func keyAndEncoding(for url: URL) -> (key: String, encoded: String)? {
        guard let parts, let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            components.scheme?.lowercased() == parts.scheme,
            components.percentEncodedHost?.lowercased() == parts.host,
            (components.port ?? Self.defaultPort(parts.scheme)) == parts.port,
            components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
            components.percentEncodedFragment == nil, isIgnorable(components.percentEncodedQuery)
        else { return nil }
        let path = components.percentEncodedPath
        guard path.hasPrefix(parts.path) else { return nil }
        var decoded: [String] = []
        for segment in KeyGrammar.split(path.dropFirst(parts.path.count)) {
            // Any `/` byte refuses the key: a lone one here, one joined into a character by the
            // key's own split below (the segment then holds a `/`, which no segment may).
            guard let text = KeyGrammar.decode(segment), !text.utf8.contains(UInt8(ascii: "/")) else { return nil }
            decoded.append(text)
        }
        let key = decoded.joined(separator: "/")
        return percentEncodedKey(key).map { (key, $0) }
    }

    /// The upstream URL for `key`, or nil when the key does not validate: empty, `//`, `.` or
    /// `..` segments, a segment starting with `.`, `%`, `\`, `:`, `@`, `?`, `#`, controls,
    /// white space, lookalikes of those, or not the shape of an image path on this host.
    ///
    /// ```swift
    /// origin.url(for: "wikipedia/commons/thumb/a/ab/X.png/120px-X.png")   // https://upload.wikimedia.org/…
    /// origin.url(for: "../../etc/passwd")                                // nil
    /// ```
    public func url(for key: String) -> URL? {
        guard let parts, let encoded = percentEncodedKey(key), let url = URL(string: parts.string + encoded),
            Self.parts(of: url).map({ $0.scheme == parts.scheme && $0.host == parts.host && $0.port == parts.port })
                == true
        else { return nil }
        return url
    }

    /// The key with each segment percent-encoded, ready to append to a URL path, or nil when
    /// the key does not validate (see ``url(for:)``).
    ///
    /// ```swift
    /// origin.percentEncodedKey("wikipedia/commons/thumb/1/1a/B_(x).JPG/140px-B_(x).JPG")
    /// // "wikipedia/commons/thumb/1/1a/B_%28x%29.JPG/140px-B_%28x%29.JPG"
    /// ```
    public func percentEncodedKey(_ key: String) -> String? {
        guard let segments = KeyGrammar.segments(of: key), rules.isPlausible(segments) else { return nil }
        return KeyGrammar.encode(segments)
    }

    private func isIgnorable(_ query: String?) -> Bool {
        guard let query, !query.isEmpty else { return true }
        return query.split(separator: "&", omittingEmptySubsequences: false).allSatisfy { item in
            let name = item.prefix { $0 != "=" }
            return !name.isEmpty && rules.ignoredQueryPrefixes.contains { name.hasPrefix($0) }
        }
    }

    private static func parts(of url: URL) -> BaseParts? {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
            let host = components.percentEncodedHost?.lowercased(), !host.isEmpty,
            components.percentEncodedUser == nil, components.percentEncodedPassword == nil,
            components.percentEncodedQuery == nil, components.percentEncodedFragment == nil
        else { return nil }
        let port = components.port ?? defaultPort(scheme)
        let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        var string = "\(scheme)://\(host)"
        if components.port != nil { string += ":\(port)" }
        let directory = path.hasSuffix("/") ? path : path + "/"
        return BaseParts(scheme: scheme, host: host, port: port, path: directory, string: string + directory)
    }

    static func defaultPort(_ scheme: String) -> Int { scheme == "http" ? 80 : 443 }
}
