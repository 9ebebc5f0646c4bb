import Foundation
import ScoutModels

/// Files served from a manifest compiled into the binary — never from a path built from the
/// URL, so no request can reach outside the manifest (SECURITY.md T13).
///
/// ```swift
/// let assets = StaticAssets(["app.js": Array(appScript.utf8), "style.css": Array(css.utf8)])
/// router.mount(assets, at: "/static")
/// ```
public struct StaticAssets: Sendable {
    /// One embedded file with its precomputed validator.
    public struct Asset: Sendable {
        public let bytes: [UInt8]
        public let contentType: String
        /// A strong validator derived from the bytes.
        public let etag: String
    }

    private let assets: [String: Asset]

    /// Assets keyed by relative path (`app.js`, `icons/logo.svg`); types come from extensions.
    public init(_ files: [String: [UInt8]]) {
        assets = files.reduce(into: [:]) { result, file in
            result[file.key] = Asset(
                bytes: file.value,
                contentType: Self.contentType(forPath: file.key),
                etag: "\"\(Self.fingerprint(file.value))\"")
        }
    }

    /// The asset at a relative path, if the manifest has it.
    public subscript(path: String) -> Asset? { assets[path] }

    public var paths: [String] { assets.keys.sorted() }

    /// The reply for a request of `path`: 200, 304 when `If-None-Match` matches, or 404.
    public func response(forPath path: String, request: Request) -> Response {
        guard let asset = assets[path] else { return HTTPError.notFound.response }
        var headers: HTTPHeaders = [
            "ETag": asset.etag,
            "Cache-Control": "no-cache",
        ]
        if let condition = request.headers["If-None-Match"],
            condition.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == asset.etag || $0 == "*"
            })
        {
            return Response(status: 304, headers: headers)
        }
        headers["Content-Type"] = asset.contentType
        return Response(status: 200, headers: headers, bytes: asset.bytes)
    }

    static func contentType(forPath path: String) -> String {
        let ext = path.split(separator: ".").last.map { $0.lowercased() } ?? ""
        return switch ext {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "txt": "text/plain; charset=utf-8"
        case "webmanifest": "application/manifest+json"
        case "woff2": "font/woff2"
        default: "application/octet-stream"
        }
    }

    /// FNV-1a, 64 bits: enough to tell versions of one file apart for `ETag`.
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        let hex = FNV1a.hex(bytes)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

extension Router {
    /// Serves `assets` under `prefix` (`/static/app.js` → `app.js`), GET and HEAD only.
    /// - Parameter wrap: puts the route's handler behind what the app needs first, such as a
    ///   client's rate limit.
    public mutating func mount(_ assets: StaticAssets, at prefix: String, wrap: (Handler) -> Handler = { $0 }) {
        add(
            .get, prefix + "/*path",
            handler: wrap(
                .immediate { request in
                    assets.response(forPath: request.pathParameters["path"] ?? "", request: request)
                }))
    }
}
