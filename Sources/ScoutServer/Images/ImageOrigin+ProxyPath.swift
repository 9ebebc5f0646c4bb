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
        guard let encodedKey = keyAndEncoding(for: url)?.encoded,
            let encodedSource = source.rawValue.addingPercentEncoding(withAllowedCharacters: Self.sourceCharacters)
        else { return nil }
        return "/img/\(encodedSource)/\(encodedKey)"
    }

    private static let sourceCharacters = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
}
