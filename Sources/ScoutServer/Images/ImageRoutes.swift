import Foundation
import ImageLoading
import ScoutModels

/// The image hosts of a configuration: the origins `/img/<name>/` fetches from, and which of
/// them each search source's thumbnails link to.
///
/// Commons and Flickr thumbnails are recognised at their production hosts *and* at the
/// configured ones: the key (the path below the host) is the same, so a server pointed at a
/// mirror or a test host still proxies what the real API names, fetching it from the mirror.
/// Commons shares Wikipedia's origin, since both live on Wikimedia's upload server.
///
/// ```swift
/// let routes = ImageRoutes(configuration: configuration)
/// let proxy = ImageProxy(origins: routes.origins, allowlist: …, configuration: …)
/// ```
struct ImageRoutes: Sendable {
    let origins: [ImageOrigin]
    let thumbnails: ThumbnailLinker

    init(configuration: ScoutServerConfiguration) {
        let wikimedia = ImageOrigin.wikimedia(base: configuration.wikimediaUploadBase)
        var origins = [wikimedia] + configuration.bookCoverOrigins
        var linked: [SourceID: [ImageOrigin]] = [
            .wikipedia: [wikimedia], .commons: [wikimedia, .wikimedia()], .books: configuration.bookCoverOrigins,
        ]
        if configuration.flickrAPIKey != nil {
            let flickr = ImageOrigin.flickr(base: configuration.flickrImageBase)
            origins.append(flickr)
            linked[.flickr] = [flickr, .flickr()]
        }
        self.origins = origins
        self.thumbnails = ThumbnailLinker(origins: linked)
    }
}
