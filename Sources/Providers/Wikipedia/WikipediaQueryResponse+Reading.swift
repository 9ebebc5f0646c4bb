extension WikipediaQueryResponse: MediaWikiQueryReply {
    static func readQuery(_ reader: inout JSONPullReader) throws -> Query { try Query(reading: &reader) }
    static func readContinue(_ reader: inout JSONPullReader) throws -> Continue { try Continue(reading: &reader) }
}

extension WikipediaQueryResponse.Query {
    init(reading reader: inout JSONPullReader) throws {
        try reader.readObject { reader, key in
            switch key {
            case "pages": pages = try reader.readMediaWikiPages(WikipediaQueryResponse.Page.init(reading:))
            case "redirects":
                redirects =
                    try reader.optional { try $0.readLossyArray(WikipediaQueryResponse.Redirect.init(reading:)) } ?? []
            case "searchinfo": searchinfo = try reader.optional(WikipediaQueryResponse.SearchInfo.init(reading:))
            case "search":
                search =
                    try reader.optional { try $0.readLossyArray(WikipediaQueryResponse.SearchHit.init(reading:)) } ?? []
            default: try reader.skipValue()
            }
        }
    }
}

extension WikipediaQueryResponse.Page {
    /// Id and title are required; a malformed optional part is dropped, not the page.
    init(reading reader: inout JSONPullReader) throws {
        var pageid: Int?
        var title: String?
        var ns: Int?
        var index: Int?
        var description: String?
        var terms: Terms?
        var thumbnail: Thumbnail?
        try reader.readObject { reader, key in
            switch key {
            case "pageid": pageid = try reader.readInt()
            case "title": title = try reader.readString()
            case "ns": ns = try reader.optional { try $0.readInt() }
            case "index": index = try reader.optional { try $0.readInt() }
            case "description": description = try reader.optional { try $0.readString() }
            case "terms":
                terms = try reader.optional { reader in
                    var description: [String]?
                    try reader.readObject { reader, key in
                        guard key == "description" else { return try reader.skipValue() }
                        description = try reader.nullable { try $0.readList { try $0.readString() } }
                    }
                    return Terms(description: description)
                }
            case "thumbnail": thumbnail = try reader.optional(Thumbnail.init(reading:))
            default: try reader.skipValue()
            }
        }
        self.init(
            pageid: try reader.required(pageid, "pageid"), ns: ns, title: try reader.required(title, "title"),
            index: index, description: description, terms: terms, thumbnail: thumbnail)
    }
}

extension WikipediaQueryResponse.Page.Thumbnail {
    init(reading reader: inout JSONPullReader) throws {
        var source: String?
        var width: Int?
        var height: Int?
        try reader.readObject { reader, key in
            switch key {
            case "source": source = try reader.readString()
            case "width": width = try reader.nullable { try $0.readInt() }
            case "height": height = try reader.nullable { try $0.readInt() }
            default: try reader.skipValue()
            }
        }
        self.init(source: try reader.required(source, "source"), width: width, height: height)
    }
}

extension WikipediaQueryResponse.Redirect {
    init(reading reader: inout JSONPullReader) throws {
        var from: String?
        var to: String?
        var index: Int?
        try reader.readObject { reader, key in
            switch key {
            case "from": from = try reader.readString()
            case "to": to = try reader.readString()
            case "index": index = try reader.nullable { try $0.readInt() }
            default: try reader.skipValue()
            }
        }
        self.init(from: try reader.required(from, "from"), to: try reader.required(to, "to"), index: index)
    }
}

extension WikipediaQueryResponse.SearchInfo {
    init(reading reader: inout JSONPullReader) throws {
        try reader.readObject { reader, key in
            switch key {
            case "suggestion": suggestion = try reader.nullable { try $0.readString() }
            case "totalhits": totalhits = try reader.nullable { try $0.readInt() }
            default: try reader.skipValue()
            }
        }
    }
}

extension WikipediaQueryResponse.SearchHit {
    init(reading reader: inout JSONPullReader) throws {
        var title: String?
        var ns: Int?
        var pageid: Int?
        try reader.readObject { reader, key in
            switch key {
            case "title": title = try reader.readString()
            case "ns": ns = try reader.nullable { try $0.readInt() }
            case "pageid": pageid = try reader.nullable { try $0.readInt() }
            default: try reader.skipValue()
            }
        }
        self.init(title: try reader.required(title, "title"), ns: ns, pageid: pageid)
    }
}

extension WikipediaQueryResponse.Continue {
    init(reading reader: inout JSONPullReader) throws {
        try reader.readObject { reader, key in
            switch key {
            case "gpsoffset": gpsoffset = try reader.nullable { try $0.readFlexibleInt() }
            case "gsroffset": gsroffset = try reader.nullable { try $0.readFlexibleInt() }
            case "sroffset": sroffset = try reader.nullable { try $0.readFlexibleInt() }
            default: try reader.skipValue()
            }
        }
    }
}

extension WikipediaQueryResponse.ClassicError {
    init(reading reader: inout JSONPullReader) throws {
        var code: String?
        var info: String?
        try reader.readObject { reader, key in
            switch key {
            case "code": code = try reader.readString()
            case "info": info = try reader.nullable { try $0.readString() }
            default: try reader.skipValue()
            }
        }
        self.init(code: try reader.required(code, "code"), info: info)
    }
}

extension WikipediaQueryResponse.ModernError {
    init(reading reader: inout JSONPullReader) throws {
        var code: String?
        var text: String?
        var html: String?
        try reader.readObject { reader, key in
            switch key {
            case "code": code = try reader.readString()
            case "text": text = try reader.nullable { try $0.readString() }
            case "html": html = try reader.nullable { try $0.readString() }
            default: try reader.skipValue()
            }
        }
        self.init(code: try reader.required(code, "code"), text: text, html: html)
    }
}
