/// Flickr's image sizes: the `url_<x>` extras, their URL suffixes and longest edges
/// (see https://www.flickr.com/services/api/misc.urls.html).
enum FlickrSize: CaseIterable {
    case sq, q, t, s, n, m, z, c, l, h, k, o

    /// The name in `extras` (`url_t`) and in the reply (`url_t`, `width_t`, `height_t`).
    var key: String {
        switch self {
        case .sq: "sq"
        case .q: "q"
        case .t: "t"
        case .s: "s"
        case .n: "n"
        case .m: "m"
        case .z: "z"
        case .c: "c"
        case .l: "l"
        case .h: "h"
        case .k: "k"
        case .o: "o"
        }
    }

    /// The letter before `.jpg` in the image URL (none for the 500 px medium size).
    private var urlSuffix: String {
        switch self {
        case .sq: "_s"
        case .q: "_q"
        case .t: "_t"
        case .s: "_m"
        case .n: "_n"
        case .m: ""
        case .z: "_z"
        case .c: "_c"
        case .l: "_b"
        case .h: "_h"
        case .k: "_k"
        case .o: "_o"
        }
    }

    /// The longest edge in pixels (nil for the original); square sizes are cropped.
    private var edge: Int? {
        switch self {
        case .sq: 75
        case .q: 150
        case .t: 100
        case .s: 240
        case .n: 320
        case .m: 500
        case .z: 640
        case .c: 800
        case .l: 1024
        case .h: 1600
        case .k: 2048
        case .o: nil
        }
    }

    private var isSquare: Bool { self == .sq || self == .q }

    /// The size's URL and dimensions for `photo`, or nil when Flickr would not have made it:
    /// sizes up to 640 px always exist (never larger than the photo), bigger ones only when the
    /// photo is at least that big, the original only when it is public.
    func rendition(of photo: FakeFlickr.Photo) -> (url: String, width: Int, height: Int)? {
        let base = "https://live.staticflickr.com/\(photo.server)/\(photo.id)_\(photo.secret)"
        let longest = max(photo.width, photo.height)
        guard let edge else {
            guard photo.hasPublicOriginal else { return nil }
            return (base + urlSuffix + ".jpg", photo.width, photo.height)
        }
        if isSquare {
            let side = min(edge, photo.width, photo.height)
            return (base + urlSuffix + ".jpg", side, side)
        }
        if edge > 640, longest < edge { return nil }
        guard longest > edge else { return (base + urlSuffix + ".jpg", photo.width, photo.height) }
        let scale = Double(edge) / Double(longest)
        let width = photo.width >= photo.height ? edge : Int((Double(photo.width) * scale).rounded())
        let height = photo.height >= photo.width ? edge : Int((Double(photo.height) * scale).rounded())
        return (base + urlSuffix + ".jpg", width, height)
    }
}
