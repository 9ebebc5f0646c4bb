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
        /// three differences by design: it reads ill-formed UTF-8 in a string as U+FFFD where
        /// Foundation refuses the document; it refuses a trailing comma (RFC 8259), which
        /// Foundation lets through; and it refuses nesting deeper than 256 levels (Foundation: 512).
        static func jsonReaderAgreesWithFoundation(_ data: Data) -> [String] {
            var reader = JSONPullReader(Array(data))
            var failure: JSONPullReader.Failure?
            do { try reader.readDocument { try $0.skipValue() } } catch { failure = error as? JSONPullReader.Failure }
            let ours = failure == nil
            let foundation = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil
            guard ours != foundation else { return [] }
            if ours, String(validating: data, as: UTF8.self) == nil { return [] }
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
