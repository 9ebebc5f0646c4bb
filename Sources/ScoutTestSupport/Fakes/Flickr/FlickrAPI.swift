import Foundation
import HTTPServer

/// The fake's `/services/rest/`: `flickr.photos.search` over a snapshot of the fake's photos,
/// with Flickr's error codes and formats.
struct FlickrAPI {
    let photos: [FakeFlickr.Photo]
    let apiKeys: Set<String>

    static let path = "/services/rest"

    /// A Flickr API failure (`stat: fail`), answered with HTTP 200 as Flickr does.
    struct Failure: Error {
        let code: Int
        let message: String
    }

    func respond(to record: RecordedRequest) -> Response {
        guard record.path == Self.path else { return FaultReplies.errorPage(status: 404) }
        var parameters = record.parameters
        if record.method == .post,
            record.headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
        {
            let form = QueryParameters(raw: String(decoding: record.body, as: UTF8.self))
            for item in form.items { parameters[item.name] = item.value }
        }
        let reply = FlickrReply(parameters: parameters)
        do throws(Failure) {
            try reply.checkFormat()
            let method = parameters["method"] ?? ""
            switch method {
            case "flickr.photos.search":
                try checkKey(parameters["api_key"])
                return reply.success([("photos", try search(parameters))])
            case "flickr.test.null":
                try checkKey(parameters["api_key"])
                return reply.success([])
            default:
                throw Failure(code: 112, message: #"Method "\#(method)" not found"#)
            }
        } catch {
            return reply.failure(code: error.code, message: error.message)
        }
    }

    private func checkKey(_ key: String?) throws(Failure) {
        guard let key, !key.isEmpty else {
            throw Failure(code: 100, message: "Invalid API Key (Key has invalid format)")
        }
        if apiKeys.contains(key) { return }
        let looksValid =
            key.utf8.count == 32 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
        throw Failure(
            code: 100,
            message: looksValid ? "Invalid API Key (Key not found)" : "Invalid API Key (Key has invalid format)")
    }

    /// `flickr.photos.search` with `text`, `tags` (+`tag_mode`), `user_id`, `license`,
    /// `min_upload_date`/`max_upload_date`, `page`, `per_page` and `extras`.
    private func search(_ parameters: [String: String]) throws(Failure) -> WireJSON {
        let text = parameters["text"] ?? ""
        let tags = (parameters["tags"] ?? "").split(separator: ",").map { TextFolding.fold(String($0)) }
            .filter { !$0.isEmpty }
        let owner = parameters["user_id"].flatMap { $0.isEmpty ? nil : $0 }
        let minUpload = parameters["min_upload_date"].flatMap(Self.timestamp)
        let maxUpload = parameters["max_upload_date"].flatMap(Self.timestamp)
        let hasCriteria = !TextFolding.words(text).isEmpty || !tags.isEmpty || owner != nil
        guard hasCriteria || minUpload != nil || maxUpload != nil else {
            throw Failure(
                code: 3,
                message: "Parameterless searches have been disabled. Please use flickr.photos.getRecent instead.")
        }
        let licenses = parameters["license"].map { Set($0.split(separator: ",").compactMap { Int($0) }) }
        let matchesAllTags = parameters["tag_mode"] == "all"
        let matches = photos.filter { photo in
            if let owner, photo.owner != owner { return false }
            if let minUpload, photo.dateUploaded < minUpload { return false }
            if let maxUpload, photo.dateUploaded > maxUpload { return false }
            if let licenses, !licenses.isEmpty, !licenses.contains(photo.license) { return false }
            if !tags.isEmpty {
                let photoTags = Set(photo.tags.map(TextFolding.fold))
                if matchesAllTags ? !tags.allSatisfy(photoTags.contains) : !tags.contains(where: photoTags.contains) {
                    return false
                }
            }
            return Self.matches(photo, text: text)
        }
        var perPage = Int(parameters["per_page"] ?? "") ?? 100
        if perPage < 1 { perPage = 100 }
        perPage = min(perPage, 500)
        let page = max(1, Int(parameters["page"] ?? "") ?? 1)
        let pages = (matches.count + perPage - 1) / perPage
        let extras = Set(
            (parameters["extras"] ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        let window = matches.dropFirst((page - 1) * perPage).prefix(perPage)
        let renderer = FlickrPhotoRenderer(extras: extras)
        return .object([
            ("page", .int(page)), ("pages", .int(pages)), ("perpage", .int(perPage)),
            ("total", .string(String(matches.count))),
            ("photo", .array(window.map { renderer.render($0) })),
        ])
    }

    /// A Unix timestamp or a MySQL datetime (`2020-02-10` or `2020-02-10 08:00:00`, UTC).
    static func timestamp(_ value: String) -> Int? {
        if let seconds = Int(value) { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: value) { return Int(date.timeIntervalSince1970) }
        }
        return nil
    }

    /// Whether every word of `text` is in the title, description or tags, and no `-word` is.
    static func matches(_ photo: FakeFlickr.Photo, text: String) -> Bool {
        let haystack = Set(TextFolding.words(([photo.title, photo.description] + photo.tags).joined(separator: " ")))
        for token in text.split(whereSeparator: \.isWhitespace) {
            if token.hasPrefix("-"), token.count > 1 {
                if TextFolding.words(String(token.dropFirst())).contains(where: haystack.contains) { return false }
            } else if !TextFolding.words(String(token)).allSatisfy(haystack.contains) {
                return false
            }
        }
        return true
    }
}
