import Foundation
import ScoutModels

/// What the page's lightbox shows about a photo besides its title and link: author, licence,
/// the original's size, and a larger rendition through Scout's image proxy.
///
/// ```swift
/// PhotoFacts(item: flickrItem, thumbnails: linker)?.image   // "/img/flickr/65535/4951_bbdb_z.jpg"
/// ```
struct PhotoFacts: Encodable, Equatable {
    var author: String?
    var license: String?
    var width: Int?
    var height: Int?
    /// A larger rendition as an `/img/` path; nil when there is none on a host the proxy serves.
    var image: String?

    /// Wider than this, a Commons original is shown as a thumbnail of this width instead.
    static let largeWidth = 1280

    /// The facts of a Commons or Flickr result; nil for other sources.
    init?(item: SearchItem, thumbnails: ThumbnailLinker) {
        guard item.source == .commons || item.source == .flickr else { return nil }
        let details = item.details
        author = details["author"]
        license = details["license"]
        width = details["width"].flatMap { Int($0) }
        height = details["height"].flatMap { Int($0) }
        image = Self.largeImage(of: item).flatMap { thumbnails.proxiedPath(for: $0, source: item.source) }
    }

    /// Flickr's 640 px rendition; for Commons the original when it is a small enough picture,
    /// else the standard 1280 px thumbnail (Wikimedia refuses thumbnails wider than the original).
    private static func largeImage(of item: SearchItem) -> URL? {
        let details = item.details
        if item.source == .flickr { return details["image"].flatMap { URL(string: $0) } }
        guard let width = details["width"].flatMap({ Int($0) }) else { return nil }
        if width <= largeWidth {
            let isPicture = ["image/jpeg", "image/png", "image/gif", "image/webp"].contains(details["mime"] ?? "")
            return isPicture ? details["original"].flatMap { URL(string: $0) } : nil
        }
        return item.thumbnail.flatMap { resized($0.url, to: largeWidth) }
    }

    /// `…/thumb/a/ab/X.jpg/330px-X.jpg` → `…/thumb/a/ab/X.jpg/1280px-X.jpg`.
    private static func resized(_ url: URL, to width: Int) -> URL? {
        let text = url.absoluteString
        guard let slash = text.lastIndex(of: "/") else { return nil }
        let name = text[text.index(after: slash)...]
        guard let px = name.range(of: "px-"), !name[..<px.lowerBound].isEmpty,
            name[..<px.lowerBound].allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        return URL(string: text[...slash] + "\(width)" + name[px.lowerBound...])
    }
}
