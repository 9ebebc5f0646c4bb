/// One photo of a search reply with exactly the requested `extras`, in Flickr's member order and
/// types (ids, license and counts as strings; flags, farm and sizes as numbers).
struct FlickrPhotoRenderer {
    let extras: Set<String>

    func render(_ photo: FakeFlickr.Photo) -> WireJSON {
        var fields: [(String, WireJSON)] = [
            ("id", .string(photo.id)), ("owner", .string(photo.owner)), ("secret", .string(photo.secret)),
            ("server", .string(photo.server)), ("farm", .int(photo.farm)), ("title", .string(photo.title)),
            ("ispublic", .int(photo.isPublic ? 1 : 0)), ("isfriend", .int(photo.isFriend ? 1 : 0)),
            ("isfamily", .int(photo.isFamily ? 1 : 0)),
        ]
        if extras.contains("license") { fields.append(("license", .string(String(photo.license)))) }
        if extras.contains("description") {
            fields.append(("description", .object([("_content", .string(photo.description))])))
        }
        if extras.contains("o_dims"), photo.hasPublicOriginal {
            fields += [("o_width", .string(String(photo.width))), ("o_height", .string(String(photo.height)))]
        }
        if extras.contains("date_upload") { fields.append(("dateupload", .string(String(photo.dateUploaded)))) }
        if extras.contains("last_update") { fields.append(("lastupdate", .string(String(photo.dateUploaded)))) }
        if extras.contains("date_taken") {
            fields += [
                ("datetaken", .string(photo.dateTaken)), ("datetakengranularity", .int(0)),
                ("datetakenunknown", .string(photo.isDateTakenUnknown ? "1" : "0")),
            ]
        }
        if extras.contains("owner_name") { fields.append(("ownername", .string(photo.ownerName))) }
        if extras.contains("icon_server") { fields += [("iconserver", .string("0")), ("iconfarm", .int(0))] }
        if extras.contains("original_format"), photo.hasPublicOriginal {
            fields += [("originalsecret", .string(photo.secret)), ("originalformat", .string("jpg"))]
        }
        if extras.contains("views") { fields.append(("views", .string(String(photo.views)))) }
        if extras.contains("tags") { fields.append(("tags", .string(photo.tags.joined(separator: " ")))) }
        if extras.contains("media") { fields += [("media", .string("photo")), ("media_status", .string("ready"))] }
        for size in FlickrSize.allCases where extras.contains("url_\(size.key)") {
            guard let rendition = size.rendition(of: photo) else { continue }
            fields += [
                ("url_\(size.key)", .string(rendition.url)), ("height_\(size.key)", .int(rendition.height)),
                ("width_\(size.key)", .int(rendition.width)),
            ]
        }
        return .object(fields)
    }
}
