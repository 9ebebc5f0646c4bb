/// One file page of a search reply with exactly the requested image information, in the real
/// API's member order: `pageid, ns, title, index, imagerepository, imageinfo`.
struct CommonsFileRenderer {
    let properties: Set<String>
    let thumbnailWidth: Int?
    /// `iiextmetadatafilter`; nil for every field.
    let metadataFilter: Set<String>?
    let formatVersion: MediaWikiRequest.FormatVersion

    init(request: inout MediaWikiRequest) throws(MediaWikiError) {
        var properties: Set<String> = []
        for property in request.list("iiprop") {
            if ["url", "size", "dimensions", "mime", "extmetadata", "timestamp", "user"].contains(property) {
                properties.insert(property == "dimensions" ? "size" : property)
            } else {
                request.warn(
                    "unrecognizedvalues", #"Unrecognized value for parameter "iiprop": \#(property)."#,
                    module: "query+imageinfo")
            }
        }
        self.properties = request.list("prop").contains("imageinfo") ? properties : []
        let width = try request.integer("iiurlwidth", default: -1, module: "query+imageinfo")
        thumbnailWidth = width > 0 ? width : nil
        let filter = request.list("iiextmetadatafilter")
        metadataFilter = filter.isEmpty ? nil : Set(filter)
        formatVersion = request.formatVersion
    }

    func render(_ file: FakeCommons.File, index: Int) -> WireJSON {
        var members: [(String, WireJSON)] = [
            ("pageid", .int(file.pageID)), ("ns", .int(6)), ("title", .string(file.title)), ("index", .int(index)),
        ]
        guard !properties.isEmpty else { return .object(members) }
        guard file.hasImageInfo else {
            // A description page whose file is gone: the real API sends no `imageinfo`.
            members += [("missing", flag), ("known", flag), ("imagerepository", .string(""))]
            return .object(members)
        }
        members.append(("imagerepository", .string("local")))
        members.append(("imageinfo", .array([imageInfo(file)])))
        return .object(members)
    }

    private var flag: WireJSON { formatVersion == .two ? .bool(true) : .string("") }

    private func imageInfo(_ file: FakeCommons.File) -> WireJSON {
        var info: [(String, WireJSON)] = []
        if properties.contains("timestamp") { info.append(("timestamp", .string("2024-01-01T00:00:00Z"))) }
        if properties.contains("user") { info.append(("user", .string("Fake uploader"))) }
        if properties.contains("size") {
            info += [("size", .int(file.bytes)), ("width", .int(file.width)), ("height", .int(file.height))]
        }
        if properties.contains("url") {
            if let thumbnailWidth {
                // MediaWiki never scales up: a wide enough request gets the original.
                let width = min(thumbnailWidth, file.width)
                let height = Int((Double(file.height) * Double(width) / Double(max(file.width, 1))).rounded())
                let url =
                    width < file.width
                    ? MediaWikiPageRenderer.thumbnailURL(file.originalURL, width: width) : file.originalURL
                info += [("thumburl", .string(url)), ("thumbwidth", .int(width)), ("thumbheight", .int(height))]
            }
            let page = "https://commons.wikimedia.org/wiki/" + MediaWikiTitles.encode("File:" + file.fileName)
            info += [
                ("url", .string(file.originalURL)), ("descriptionurl", .string(page)),
                ("descriptionshorturl", .string("https://commons.wikimedia.org/w/index.php?curid=\(file.pageID)")),
            ]
        }
        if properties.contains("mime") { info.append(("mime", .string(file.mime))) }
        if properties.contains("extmetadata") { info.append(("extmetadata", .object(metadata(file)))) }
        return .object(info)
    }

    /// `{"ObjectName":{"value":…,"source":…,"hidden":…}, "Artist":…, "LicenseShortName":…}`.
    private func metadata(_ file: FakeCommons.File) -> [(String, WireJSON)] {
        let name = file.fileName.split(separator: ".").dropLast().joined(separator: ".").replacingUnderscores
        let fields: [(String, String?, String)] = [
            ("ObjectName", name, "mediawiki-metadata"), ("Artist", file.artist, "commons-desc-page"),
            ("LicenseShortName", file.license, "commons-desc-page"),
        ]
        return fields.compactMap { key, value, source in
            guard let value, metadataFilter?.contains(key) ?? true else { return nil }
            var field: [(String, WireJSON)] = [("value", .string(value)), ("source", .string(source))]
            if key != "Artist" { field.append(("hidden", flag)) }
            return (key, .object(field))
        }
    }
}

extension String {
    fileprivate var replacingUnderscores: String {
        String(map { $0 == "_" ? " " : $0 })
    }
}
