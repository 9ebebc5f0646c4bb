import Foundation
import ImageLoading

/// The images part of a ``ScoutApp``: the proxy behind `/img/<source>/<key>`, fetching only
/// from the configuration's image hosts, and how each source's thumbnails link to it.
///
/// ```swift
/// let images = AppImages(configuration: configuration)
/// router.add(.get, "/img/:source/*key", handler: images.proxy.handler)
/// ```
struct AppImages: Sendable {
    /// The image proxy, with its memory and disk caches.
    let proxy: ImageProxy
    /// Rewrites thumbnail URLs in search results to the proxy's paths.
    let thumbnails: ThumbnailLinker

    init(configuration: ScoutServerConfiguration) {
        let routes = ImageRoutes(configuration: configuration)
        thumbnails = routes.thumbnails
        proxy = ImageProxy(
            origins: routes.origins,
            allowlist: ImageAllowlist(origins: routes.origins, explicitEntries: configuration.extraImageHosts),
            configuration: .init(
                userAgent: configuration.userAgent, memoryCapacity: configuration.imageMemoryCapacity,
                diskDirectory: configuration.imageCacheDirectory?.appending(path: "images", directoryHint: .isDirectory)
            ), clock: configuration.clock)
    }
}
