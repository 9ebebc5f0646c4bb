import Foundation

/// Flickr's photo URLs and licence names, built the documented way
/// (https://www.flickr.com/services/api/misc.urls.html): images on `live.staticflickr.com`
/// (the `farmN` hosts of older apps are legacy), pages on `www.flickr.com`.
///
/// ```swift
/// FlickrPhotoLinks.image(server: "65535", id: "49514337848", secret: "bbdbb5f761", size: "q")
/// // https://live.staticflickr.com/65535/49514337848_bbdbb5f761_q.jpg
/// ```
enum FlickrPhotoLinks {
    /// `https://live.staticflickr.com/{server}/{id}_{secret}_{size}.jpg`; nil unless every part
    /// is plain letters and digits, so an upstream value cannot reshape the URL.
    static func image(server: String, id: String, secret: String, size: String) -> URL? {
        guard [server, id, secret, size].allSatisfy(isToken) else { return nil }
        return URL(string: "https://live.staticflickr.com/\(server)/\(id)_\(secret)_\(size).jpg")
    }

    /// `https://www.flickr.com/photos/{owner}/{id}`; owners are NSIDs such as `7478087@N06`.
    static func page(owner: String, id: String) -> URL? {
        guard isToken(id), !owner.isEmpty, owner.count <= 64,
            owner.unicodeScalars.allSatisfy({ isTokenScalar($0) || $0 == "@" || $0 == "_" || $0 == "-" })
        else { return nil }
        return URL(string: "https://www.flickr.com/photos/\(owner)/\(id)")
    }

    /// The name of Flickr licence `id` (`flickr.photos.licenses.getInfo`).
    static func licenseName(_ id: Int) -> String {
        switch id {
        case 0: "All rights reserved"
        case 1: "CC BY-NC-SA 2.0"
        case 2: "CC BY-NC 2.0"
        case 3: "CC BY-NC-ND 2.0"
        case 4: "CC BY 2.0"
        case 5: "CC BY-SA 2.0"
        case 6: "CC BY-ND 2.0"
        case 7: "No known copyright restrictions"
        case 8: "United States Government Work"
        case 9: "CC0 1.0"
        case 10: "Public Domain Mark 1.0"
        case 11: "CC BY 4.0"
        case 12: "CC BY-SA 4.0"
        case 13: "CC BY-ND 4.0"
        case 14: "CC BY-NC 4.0"
        case 15: "CC BY-NC-SA 4.0"
        case 16: "CC BY-NC-ND 4.0"
        default: "Licence \(id)"
        }
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 64 && text.unicodeScalars.allSatisfy(isTokenScalar)
    }

    private static func isTokenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
    }
}
