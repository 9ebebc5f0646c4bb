extension CommonsQueryResponse {
    static func readQuery(_ reader: inout JSONPullReader) throws -> Query {
        var query = Query()
        try reader.readObject { reader, key in
            switch key {
            case "pages": query.pages = try reader.readMediaWikiPages(Page.init(reading:))
            case "searchinfo":
                query.searchinfo = try reader.optional { reader in
                    var info = SearchInfo()
                    try reader.readObject { reader, key in
                        guard key == "totalhits" else { return try reader.skipValue() }
                        info.totalhits = try reader.nullable { try $0.readInt() }
                    }
                    return info
                }
            default: try reader.skipValue()
            }
        }
        return query
    }

    static func readContinue(_ reader: inout JSONPullReader) throws -> Continue {
        var next = Continue()
        try reader.readObject { reader, key in
            guard key == "gsroffset" else { return try reader.skipValue() }
            next.gsroffset = try reader.nullable { try $0.readFlexibleInt() }
        }
        return next
    }
}

extension CommonsQueryResponse.Page {
    init(reading reader: inout JSONPullReader) throws {
        var pageid: Int?
        var title: String?
        var ns: Int?
        var index: Int?
        var imageinfo: CommonsQueryResponse.ImageInfo?
        try reader.readObject { reader, key in
            switch key {
            case "pageid": pageid = try reader.readInt()
            case "title": title = try reader.readString()
            case "ns": ns = try reader.optional { try $0.readInt() }
            case "index": index = try reader.optional { try $0.readInt() }
            // Only the current revision is asked for (`iilimit` 1), so the first entry is it.
            case "imageinfo":
                imageinfo = try reader.optional {
                    try $0.readLossyArray(CommonsQueryResponse.ImageInfo.init(reading:))
                }?.first
            default: try reader.skipValue()
            }
        }
        self.init(
            pageid: try reader.required(pageid, "pageid"), ns: ns, title: try reader.required(title, "title"),
            index: index, imageinfo: imageinfo)
    }
}

extension CommonsQueryResponse.ImageInfo {
    /// Every field is optional, and a malformed one is left out.
    init(reading reader: inout JSONPullReader) throws {
        try reader.readObject { reader, key in
            switch key {
            case "url": url = try reader.optional { try $0.readString() }
            case "descriptionurl": descriptionurl = try reader.optional { try $0.readString() }
            case "width": width = try reader.optional { try $0.readFlexibleInt() }
            case "height": height = try reader.optional { try $0.readFlexibleInt() }
            case "size": size = try reader.optional { try $0.readFlexibleInt() }
            case "mime": mime = try reader.optional { try $0.readString() }
            case "thumburl": thumburl = try reader.optional { try $0.readString() }
            case "thumbwidth": thumbwidth = try reader.optional { try $0.readFlexibleInt() }
            case "thumbheight": thumbheight = try reader.optional { try $0.readFlexibleInt() }
            case "extmetadata": extmetadata = try reader.optional(Self.readMetadata) ?? [:]
            default: try reader.skipValue()
            }
        }
    }

    /// `{"Artist": {"value": "…", "source": …}, …}`: values are HTML, and a few fields (dates,
    /// GPS) arrive as numbers; a field without a usable value is left out.
    private static func readMetadata(_ reader: inout JSONPullReader) throws -> [String: String] {
        var fields: [String: String] = [:]
        try reader.readObject { reader, name in
            let value = try reader.optional { reader -> String in
                var value: String?
                try reader.readObject { reader, key in
                    guard key == "value" else { return try reader.skipValue() }
                    value = try reader.peekKind() == .number ? String(try reader.readDouble()) : try reader.readString()
                }
                return try reader.required(value, "value")
            }
            if let value { fields[name] = value }
        }
        return fields
    }
}
