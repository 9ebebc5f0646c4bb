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
        /// six differences by design: it reads ill-formed UTF-8 in a string as U+FFFD where
        /// Foundation refuses the document, and so a `\u` escape of a lone surrogate; it refuses
        /// a trailing comma (RFC 8259), which Foundation lets through; it refuses nesting deeper
        /// than 256 levels (Foundation: 512); it reads UTF-8 only, where Foundation also detects
        /// UTF-16 and UTF-32 (a NUL byte among the first four, or a UTF-16 byte order mark); and
        /// it checks a number's range only when a decoder reads it (`readDouble` refuses `1e400`,
        /// as Foundation refuses the document), not when it skips it. libFuzzer found the last
        /// two (`Fuzz/Crashes/mediawiki-reply/`, `Fuzz/Crashes/commons-reply/`).
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
            if ours, text(data).range(of: loneSurrogateOrHugeNumber, options: .regularExpression) != nil { return [] }
            return [
                "JSONPullReader \(ours ? "accepts" : "refuses") what JSONSerialization \(ours ? "refuses" : "accepts")"
            ]
        }

        /// A `\u` escape of a lone surrogate — a high one no low one follows, or a low one no
        /// high one precedes (a pair both readers accept) — or a number that may not fit a
        /// `Double`: a three-digit exponent or 309 digits.
        private static let loneSurrogateOrHugeNumber =
            #"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F]"#
            + #"|[0-9][eE][+]?[0-9]{3}|[0-9]{309}"#

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
