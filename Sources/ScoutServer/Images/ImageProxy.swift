import Foundation
import HTTPServer
import ImageLoading
import Networking
import ScoutModels

/// Serves `GET /img/<source>/<key>`: rebuilds the upstream URL from the source's
/// ``ImageLoading/ImageOrigin`` and the key (the client never sends a URL), loads it through an
/// ``ImageLoading/ImageLoader`` whose every hop is checked against the ``ImageAllowlist``, and
/// answers with the bytes under the sniffed `Content-Type` only.
///
/// ```swift
/// let proxy = ImageProxy(
///     origins: [.wikimedia()], allowlist: ImageAllowlist(origins: [.wikimedia()]),
///     configuration: ImageLoader.Configuration(userAgent: UserAgent.make(contact: contact)))
/// router.add(.get, "/img/:source/*key", handler: proxy.handler)
/// ```
public final class ImageProxy: Sendable {
    /// `Cache-Control` of every image: keys name immutable thumbnails.
    public static let cacheControl = "public, max-age=86400, immutable"
    /// `Content-Security-Policy` of every image: nothing in it may load or run anything.
    public static let contentSecurityPolicy = "default-src 'none'"

    /// The origins by source (the first one wins when a source is given twice).
    public let origins: [SourceID: ImageOrigin]
    /// Where the loader may connect.
    public let allowlist: ImageAllowlist
    /// The loader, made with the allowlist as its policy; read its counters for metrics.
    public let loader: ImageLoader
    let targets = ProxyTargets()
    let hotImages = HotImages()
    let hotFiles = HotFiles()

    /// A proxy for `origins`, with a loader of its own whose policy is `allowlist` — so the
    /// first request and every redirect hop are checked.
    ///
    /// ```swift
    /// ImageProxy(origins: [origin], allowlist: allowlist, configuration: configuration, transport: transport)
    /// ```
    public init(
        origins: [ImageOrigin], allowlist: ImageAllowlist, configuration: ImageLoader.Configuration,
        transport: (any Transport)? = nil, clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.origins = Dictionary(origins.map { ($0.source, $0) }, uniquingKeysWith: { first, _ in first })
        self.allowlist = allowlist
        self.loader = ImageLoader(
            configuration: configuration, policy: allowlist.policy, transport: transport, clock: clock)
    }

    /// The response to `GET /img/<source>/<key>`: 200 with the image, 404 for an unknown source
    /// or invalid key, 502 for a refused, failed, oversized or non-image upstream reply, 504 when
    /// the upstream took too long. Never throws; error bodies never echo the key or URL.
    ///
    /// ```swift
    /// let response = await proxy.respond(to: request, source: "wikipedia", key: key)
    /// ```
    /// When the loader keeps no images in memory, a disk hit is sent from its file (see
    /// ``HotFiles``).
    public func respond(to request: Request, source: String, key: String) async -> Response {
        guard let url = upstreamURL(source: source, key: key) else { return ImageProxyError.notFound.response }
        if !loader.keepsImagesInMemory, let file = await loader.diskFile(for: url) {
            return hotFiles.keep(file, forPath: request.path)
        }
        do {
            return Self.response(for: try await loader.image(for: url))
        } catch let error as ImageLoaderError {
            return ImageProxyError(error).response
        } catch {
            return ImageProxyError.cancelled.response
        }
    }

    /// A 200 carrying `image` with the sniffed type and the image headers.
    static func response(for image: LoadedImage) -> Response {
        response(type: image.info.format.mimeType, body: .bytes(Array(image.data)))
    }

    /// A 200 with the image headers, `type` as its `Content-Type` and `body`.
    static func response(type: String, body: Response.Body) -> Response {
        Response(status: 200, headers: headers(type: type), body: body)
    }

    /// The header fields of an image of `type`.
    static func headers(type: String) -> HTTPHeaders {
        [
            "Content-Type": type, "Cache-Control": cacheControl, "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": contentSecurityPolicy,
        ]
    }
}
