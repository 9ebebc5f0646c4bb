#if DEBUG
    import Foundation
    @testable import ImageLoading
    @testable import Providers

    extension FuzzTargets {
        /// Wikipedia's reply decoder: any bytes decode or throw, never crash.
        static let mediaWikiReplies = FuzzTarget("mediawiki-reply") { data in
            _ = try? WikipediaProvider.decode(data, source: "fuzz")
            return []
        }

        /// Wikimedia Commons' reply decoder.
        static let commonsReplies = FuzzTarget("commons-reply") { data in
            _ = try? CommonsProvider.decode(data, source: "fuzz")
            return []
        }

        /// Flickr's reply decoder.
        static let flickrReplies = FuzzTarget("flickr-reply") { data in
            _ = try? FlickrProvider.decode(data, source: "fuzz")
            return []
        }

        /// The image header sniffer: a size it reports is a real one.
        static let imageHeaders = FuzzTarget("image-header") { data in
            guard let info = ImageSniffer.sniff(bytes: [UInt8](data)) else { return [] }
            return check(info.width >= 1 && info.height >= 1, "sniffed \(info.width)×\(info.height)")
        }
    }
#endif
