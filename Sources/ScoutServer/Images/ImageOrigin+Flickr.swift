import Foundation
import ImageLoading
import ScoutModels

extension ImageOrigin {
    /// Where Flickr serves photos today (the `farmN.staticflickr.com` hosts are legacy).
    public static let flickrBase = URL(string: "https://live.staticflickr.com/")!

    /// Flickr's photo host: keys are `<server>/<id>_<secret>_<size>.jpg`, the only shape
    /// ``Providers/FlickrProvider`` builds (https://www.flickr.com/services/api/misc.urls.html).
    ///
    /// ```swift
    /// ImageOrigin.flickr().proxyPath(for: URL(string: "https://live.staticflickr.com/65535/4951_bbdb_q.jpg")!)
    /// // "/img/flickr/65535/4951_bbdb_q.jpg"
    /// ```
    public static func flickr(base: URL = flickrBase) -> ImageOrigin {
        ImageOrigin(source: .flickr, base: base, rules: flickrRules)
    }

    /// Server digits, then a file of id digits, a lower-case hex secret and a size letter
    /// (the sizes up to 1024 px; originals have their own secret and are never proxied).
    static let flickrRules = ImageKeyRules { segments in
        guard segments.count == 2, isDigits(segments[0], upTo: 10), segments[1].hasSuffix(".jpg") else {
            return false
        }
        let parts = segments[1].dropLast(4).split(separator: "_", omittingEmptySubsequences: false)
        return parts.count == 3 && isDigits(parts[0], upTo: 20) && isHex(parts[1])
            && flickrSizes.contains(String(parts[2]))
    }

    private static let flickrSizes: Set<String> = ["s", "q", "t", "m", "n", "w", "z", "c", "b"]

    private static func isDigits(_ text: Substring, upTo length: Int) -> Bool {
        (1...length).contains(text.count) && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }

    private static func isHex(_ text: Substring) -> Bool {
        (4...32).contains(text.count)
            && text.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}
