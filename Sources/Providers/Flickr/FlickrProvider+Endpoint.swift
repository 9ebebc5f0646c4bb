import Foundation
import Networking
import ScoutModels

extension FlickrProvider {
    /// `flickr.photos.search` for `query`'s text, one page, with the extras a result row shows.
    func searchEndpoint(
        _ query: SearchQuery, page: Int, perPage: Int, key: FlickrAPIKey
    ) -> Endpoint<FlickrSearchResponse.Photos> {
        let parameters: [(name: String, value: String)] = [
            ("method", "flickr.photos.search"), ("api_key", key.value), ("text", query.text),
            ("page", String(page)), ("per_page", String(perPage)), ("safe_search", String(safeSearch.rawValue)),
            ("content_type", "1"), ("media", "photos"), ("extras", "url_q,url_m,owner_name,license"),
            ("format", "json"), ("nojsoncallback", "1"),
        ]
        let source = displayName
        // 500 photos with four extras stay well under 1 MiB; the cap guards against a wrong address.
        return Endpoint(
            source: source, url: apiURL, query: parameters, deadline: deadline, maxResponseBytes: 1024 * 1024,
            decode: { data in try Self.decode(data, source: source) })
    }

    /// Decodes a reply; `stat: fail` becomes an ``Networking/APIError`` of kind `upstream` with
    /// Flickr's code, which ``FlickrError`` words.
    static func decode(_ data: Data, source: String) throws -> FlickrSearchResponse.Photos {
        let reply = try JSONDecoder().decode(FlickrSearchResponse.self, from: data)
        if reply.stat == "fail" {
            let code = reply.code.map(String.init) ?? "unknown"
            throw APIError(
                kind: .upstream(code: code, message: reply.message ?? "error \(code)"), source: source,
                details: "Flickr error \(code)")
        }
        guard let photos = reply.photos else {
            throw APIError(
                kind: .invalidResponse, source: source, details: "no photos in a stat \(reply.stat ?? "-") reply")
        }
        return photos
    }

    /// A photo as a result row; nil when its ids could not form safe URLs.
    func item(for photo: FlickrSearchResponse.Photo) -> SearchItem? {
        guard let link = FlickrPhotoLinks.page(owner: photo.owner, id: photo.id),
            let square = FlickrPhotoLinks.image(server: photo.server, id: photo.id, secret: photo.secret, size: "q"),
            let large = FlickrPhotoLinks.image(server: photo.server, id: photo.id, secret: photo.secret, size: "z")
        else { return nil }
        let author = photo.ownername.map(TextTrimming.trimmed)
            .flatMap { $0.isEmpty ? nil : $0 }
        let license = photo.license.map(FlickrPhotoLinks.licenseName)
        var details = ["owner": photo.owner, "image": large.absoluteString]
        details["author"] = author
        details["license"] = license
        let title = TextTrimming.trimmed(photo.title ?? "")
        let description = [author, license].compactMap { $0 }.joined(separator: " · ")
        return SearchItem(
            id: photo.id, title: title.isEmpty ? "Untitled" : title,
            description: description.isEmpty ? nil : description,
            thumbnail: Thumbnail(url: square, width: photo.widthQ ?? 150, height: photo.heightQ ?? 150), link: link,
            source: .flickr, details: details)
    }
}
