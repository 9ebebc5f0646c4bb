#if DEBUG
    import Foundation
    @testable import ImageLoading
    @testable import Providers

    extension FuzzTargets {
        /// Wikipedia's reply decoder: any bytes decode or throw, never crash; and its JSON reader
        /// tells JSON from not-JSON as Foundation does.
        static let mediaWikiReplies = FuzzTarget("mediawiki-reply") { data in
            _ = try? WikipediaQueryResponse.decode(data, source: "fuzz")
            return jsonReaderAgreesWithFoundation(data)
        }

        /// Wikimedia Commons' reply decoder.
        static let commonsReplies = FuzzTarget("commons-reply") { data in
            _ = try? CommonsQueryResponse.decode(data, source: "fuzz")
            return jsonReaderAgreesWithFoundation(data)
        }

        /// ``JSONPullReader`` accepts a document exactly when `JSONSerialization` does, but for
        /// four differences by design: it reads ill-formed UTF-8 in a string as U+FFFD where
        /// Foundation refuses the document; it refuses a trailing comma (RFC 8259), which
        /// Foundation lets through; it refuses nesting deeper than 256 levels (Foundation: 512);
        /// and it reads UTF-8 only, where Foundation also detects UTF-16 and UTF-32 (a NUL byte
        /// among the first four, or a UTF-16 byte order mark).
        static func jsonReaderAgreesWithFoundation(_ data: Data) -> [String] {
            var reader = JSONPullReader(Array(data))
            var failure: JSONPullReader.Failure?
            do { try reader.readDocument { try $0.skipValue() } } catch { failure = error as? JSONPullReader.Failure }
            let ours = failure == nil
            let foundation = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
            guard ours != foundation else { return [] }
            if ours, String(validating: data, as: UTF8.self) == nil { return [] }
            if !ours, data.prefix(4).contains(0) || data.starts(with: [0xFE, 0xFF]) || data.starts(with: [0xFF, 0xFE]) {
                return []
            }
            if case .syntax(let what, _) = failure, what.hasPrefix("nested deeper") { return [] }
            if !ours, text(data).range(of: #",\s*[}\]]"#, options: .regularExpression) != nil { return [] }
            return [
                "JSONPullReader \(ours ? "accepts" : "refuses") what JSONSerialization \(ours ? "refuses" : "accepts")"
            ]
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
