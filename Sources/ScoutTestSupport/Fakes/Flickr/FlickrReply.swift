import HTTPServer

/// Writes a Flickr reply in the requested format: JSON (`format=json&nojsoncallback=1`), JSONP
/// (`format=json`, wrapped in `jsonFlickrApi(…)` or `jsoncallback`), or REST XML (the default).
/// JSON escapes `/` as `\/`, as Flickr's PHP encoder does.
struct FlickrReply {
    let parameters: [String: String]

    private var format: String { parameters["format"] ?? "rest" }

    /// Throws code 111 for a format Flickr does not have.
    func checkFormat() throws(FlickrAPI.Failure) {
        guard ["rest", "json"].contains(format) else {
            throw FlickrAPI.Failure(code: 111, message: #"Format "\#(format)" not found"#)
        }
    }

    func success(_ members: [(String, WireJSON)]) -> Response {
        serialize(.object(members + [("stat", .string("ok"))]))
    }

    func failure(code: Int, message: String) -> Response {
        serialize(.object([("stat", .string("fail")), ("code", .int(code)), ("message", .string(message))]))
    }

    private func serialize(_ body: WireJSON) -> Response {
        guard format == "json" else {
            return Response(headers: ["Content-Type": "text/xml; charset=utf-8"], bytes: Array(Self.xml(body).utf8))
        }
        let json = body.encoded(WireJSON.Style(escapesSlashes: true, escapesNonASCII: false))
        if parameters["nojsoncallback"] == "1" {
            return Response(headers: ["Content-Type": "application/json; charset=utf-8"], bytes: json)
        }
        let callback = parameters["jsoncallback"].flatMap { $0.isEmpty ? nil : $0 } ?? "jsonFlickrApi"
        return Response(
            headers: ["Content-Type": "text/javascript; charset=utf-8"],
            bytes: Array("\(callback)(".utf8) + json + Array(")".utf8))
    }

    // MARK: REST XML

    /// `<rsp stat="ok">…</rsp>`: scalars become attributes, `_content` text, objects children,
    /// arrays repeated children; failures become `<err code="…" msg="…" />`.
    static func xml(_ body: WireJSON) -> String {
        guard let members = body.objectMembers else { return "" }
        var stat = "ok"
        var code = ""
        var message = ""
        var content = ""
        for member in members {
            let name: String = member.0
            let value: WireJSON = member.1
            switch name {
            case "stat": stat = scalarText(value)
            case "code": code = scalarText(value)
            case "message": message = scalarText(value)
            default: content += element(name, value, depth: 0)
            }
        }
        var output = "<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<rsp stat=\"\(stat)\">\n"
        if stat == "fail" {
            output += "\t<err code=\"\(escape(code))\" msg=\"\(escape(message))\" />\n"
        } else {
            output += content
        }
        return output + "</rsp>\n"
    }

    private static func element(_ name: String, _ value: WireJSON, depth: Int) -> String {
        let indent = String(repeating: "\t", count: depth)
        switch value {
        case .array(let elements):
            var output = ""
            for element in elements { output += self.element(name, element, depth: depth) }
            return output
        case .members:
            let members = value.objectMembers ?? []
            var attributes = ""
            var children = ""
            for member in members {
                let key: String = member.0
                let inner: WireJSON = member.1
                if let text = contentText(inner) {
                    children += "\(indent)\t<\(key)>\(escape(text))</\(key)>\n"
                } else if isScalar(inner) {
                    attributes += " \(key)=\"\(escape(scalarText(inner)))\""
                } else {
                    children += element(key, inner, depth: depth + 1)
                }
            }
            if children.isEmpty { return "\(indent)<\(name)\(attributes) />\n" }
            return "\(indent)<\(name)\(attributes)>\n\(children)\(indent)</\(name)>\n"
        default:
            return "\(indent)<\(name)>\(escape(scalarText(value)))</\(name)>\n"
        }
    }

    /// The text of a `{"_content": …}` object, Flickr's JSON form of an element with only text.
    private static func contentText(_ value: WireJSON) -> String? {
        guard let members = value.objectMembers, members.count == 1 else { return nil }
        for (key, inner) in members where key == "_content" { return scalarText(inner) }
        return nil
    }

    private static func isScalar(_ value: WireJSON) -> Bool {
        switch value {
        case .members, .array: false
        default: true
        }
    }

    private static func scalarText(_ value: WireJSON) -> String {
        switch value {
        case .string(let string): string
        case .int(let int): String(int)
        case .bool(let bool): bool ? "1" : "0"
        default: ""
        }
    }

    private static func escape(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            default: output.append(character)
            }
        }
        return output
    }
}
