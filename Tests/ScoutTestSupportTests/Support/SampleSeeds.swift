import HTTPServer
import ScoutTestSupport

/// Turns captured replies from ../shared/fixtures back into the fakes' data, so a test can ask
/// the fake the same question and compare the answer with the capture.
enum SampleSeeds {
    /// The pages of a `query` reply (format version 1 or 2) ordered by `index`, each with its
    /// description (`description` or `terms.description`), thumbnail and the redirects that
    /// point to it, and `extract` as its text.
    static func pages(from reply: JSONValue, extract: String = "") -> [FakeWikipedia.Page] {
        let redirects = reply["query"]?["redirects"]?.arrayValue ?? []
        return pageObjects(reply).map { object in
            let title = object["title"]?.stringValue ?? ""
            let description = object["description"]?.stringValue ?? object["terms"]?["description"]?[0]?.stringValue
            let thumbnail = object["thumbnail"].map { image in
                FakeWikipedia.Thumbnail(
                    source: image["source"]?.stringValue ?? "", width: Int(image["width"]?.numberValue ?? 0),
                    height: Int(image["height"]?.numberValue ?? 0))
            }
            return FakeWikipedia.Page(
                pageID: Int(object["pageid"]?.numberValue ?? 0), title: title, description: description,
                thumbnail: thumbnail,
                redirects: redirects.filter { $0["to"]?.stringValue == title }.compactMap { $0["from"]?.stringValue },
                extract: extract)
        }
    }

    /// The page objects of a `query` reply ordered by `index` (then page id).
    static func pageObjects(_ reply: JSONValue) -> [JSONValue] {
        let pages = reply["query"]?["pages"]
        let list = pages?.arrayValue ?? pages?.objectValue.map { Array($0.values) } ?? []
        return list.sorted {
            ($0["index"]?.numberValue ?? 0, $0["pageid"]?.numberValue ?? 0)
                < ($1["index"]?.numberValue ?? 0, $1["pageid"]?.numberValue ?? 0)
        }
    }

    /// Titles of a `query` reply's pages in `index` order.
    static func titlesByIndex(_ reply: JSONValue) -> [String] {
        pageObjects(reply).compactMap { $0["title"]?.stringValue }
    }

    /// The photos of a `flickr.photos.search` reply. The size is the original (`o_width`,
    /// `o_height`) when given, else the largest `url_*` size, with no public original.
    static func photos(from reply: JSONValue) -> [FakeFlickr.Photo] {
        (reply["photos"]?["photo"]?.arrayValue ?? []).map { object in
            let string = { (key: String) in object[key]?.stringValue ?? "" }
            let number = { (key: String) -> Int? in
                object[key]?.numberValue.map { Int($0) } ?? object[key]?.stringValue.flatMap { Int($0) }
            }
            var width = number("o_width")
            var height = number("o_height")
            let hasOriginal = width != nil && height != nil
            if !hasOriginal {
                for size in ["k", "h", "l", "c", "z", "m", "n", "s", "t"] {
                    if let w = number("width_\(size)"), let h = number("height_\(size)") {
                        (width, height) = (w, h)
                        break
                    }
                }
            }
            return FakeFlickr.Photo(
                id: string("id"), owner: string("owner"), secret: string("secret"), server: string("server"),
                farm: number("farm") ?? 1, title: string("title"), ownerName: string("ownername"),
                license: number("license") ?? 0, description: object["description"]?["_content"]?.stringValue ?? "",
                tags: string("tags").split(separator: " ").map(String.init), width: width ?? 1024,
                height: height ?? 768, hasPublicOriginal: hasOriginal,
                dateUploaded: number("dateupload") ?? 1_581_319_011,
                dateTaken: object["datetaken"]?.stringValue ?? "2020-02-10 08:00:00",
                isDateTakenUnknown: string("datetakenunknown") == "1", views: number("views") ?? 0,
                isPublic: number("ispublic") != 0, isFriend: number("isfriend") == 1, isFamily: number("isfamily") == 1)
        }
    }
}
