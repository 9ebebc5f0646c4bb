/// The `flickr.photos.search` reply (`format=json&nojsoncallback=1`) as it comes off the wire:
/// `{"photos":{…},"stat":"ok"}` or `{"stat":"fail","code":100,"message":"…"}`. Counts arrive as
/// numbers or strings (`"total":"1270"`); one malformed photo is dropped, not the page (T6).
/// It stops at the provider: everything past it sees `SearchPage`.
struct FlickrSearchResponse: Decodable {
    struct Photos: Decodable {
        let page: Int?
        let pages: Int?
        let perpage: Int?
        let total: Int?
        let photo: [Photo]

        enum CodingKeys: String, CodingKey { case page, pages, perpage, total, photo }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            page = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .page))?.value
            pages = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .pages))?.value
            perpage = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .perpage))?.value
            total = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .total))?.value
            photo = try container.decode([Lossy<Photo>].self, forKey: .photo).compactMap(\.value)
        }
    }

    /// One photo with the extras Scout asks for (`url_q`, `url_m`, `owner_name`, `license`).
    struct Photo: Decodable {
        let id: String
        let owner: String
        let secret: String
        let server: String
        let title: String?
        let ownername: String?
        let license: Int?
        let widthQ: Int?
        let heightQ: Int?

        enum CodingKeys: String, CodingKey {
            case id, owner, secret, server, title, ownername, license
            case widthQ = "width_q"
            case heightQ = "height_q"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            owner = try container.decode(String.self, forKey: .owner)
            secret = try container.decode(String.self, forKey: .secret)
            server = try container.decode(String.self, forKey: .server)
            title = try? container.decodeIfPresent(String.self, forKey: .title)
            ownername = try? container.decodeIfPresent(String.self, forKey: .ownername)
            license = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .license))?.value
            widthQ = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .widthQ))?.value
            heightQ = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .heightQ))?.value
        }
    }

    let stat: String?
    let code: Int?
    let message: String?
    let photos: Photos?

    enum CodingKeys: String, CodingKey { case stat, code, message, photos }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        stat = try? container.decodeIfPresent(String.self, forKey: .stat)
        code = (try? container.decodeIfPresent(FlexibleInt.self, forKey: .code))?.value
        message = try? container.decodeIfPresent(String.self, forKey: .message)
        // A malformed `photos` is a reply Scout cannot read, not an empty one.
        photos = try container.decodeIfPresent(Photos.self, forKey: .photos)
    }
}
