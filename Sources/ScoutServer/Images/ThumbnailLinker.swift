import Foundation
import ImageLoading
import ScoutModels

/// Maps an upstream image URL to Scout's own `/img/<origin>/<key>` path, or nil when the image
/// is not on an origin the proxy serves for that search source (the thumbnail is then left out).
///
/// A source may have several image hosts (books: three Goodreads hosts), each an origin of
/// its own name.
///
/// ```swift
/// let linker = ThumbnailLinker(origins: [.wikipedia: [.wikimedia()], .books: ImageOrigin.goodreads()])
/// linker.proxiedPath(for: cover, source: .books)   // "/img/books/books/1447303603m/2767052.jpg"
/// ```
struct ThumbnailLinker: Sendable {
    let origins: [SourceID: [ImageOrigin]]

    func proxiedPath(for url: URL, source: SourceID) -> String? {
        origins[source]?.lazy.compactMap { $0.proxyPath(for: url) }.first
    }
}
