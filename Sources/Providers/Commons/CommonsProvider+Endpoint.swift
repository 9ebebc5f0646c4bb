import Foundation
import Networking
import ScoutModels

extension CommonsProvider {
    /// Full-text search in the File namespace with each file's image information riding along:
    /// one request per page.
    func searchEndpoint(_ query: SearchQuery, offset: Int, limit: Int) -> Endpoint<CommonsQueryResponse> {
        let parameters: [(String, String)] = [
            ("action", "query"), ("format", "json"), ("formatversion", "2"),
            ("generator", "search"), ("gsrsearch", query.text), ("gsrnamespace", "6"),
            ("gsrlimit", "\(limit)"), ("gsroffset", "\(offset)"), ("gsrinfo", "totalhits"), ("gsrprop", ""),
            ("prop", "imageinfo"), ("iiprop", "url|size|mime|extmetadata"), ("iiurlwidth", "\(thumbnailWidth)"),
            // Only the fields shown: a file's full extmetadata runs to kilobytes.
            ("iiextmetadatafilter", "Artist|LicenseShortName"),
        ]
        let source = displayName
        return Endpoint(
            source: source, url: apiURL, query: parameters.map { (name: $0.0, value: $0.1) },
            deadline: deadline, maxResponseBytes: 2 * 1024 * 1024,
            decode: { data in try CommonsQueryResponse.decode(data, source: source) })
    }
}
