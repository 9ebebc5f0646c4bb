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
        let hex = Array("0123456789ABCDEF".utf8)
        var path = Array("/img/".utf8)
        for byte in source.rawValue.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                path.append(byte)
            default:
                path += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        path.append(UInt8(ascii: "/"))
        return String(decoding: path, as: UTF8.self)
    }
}
