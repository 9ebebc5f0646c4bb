import Foundation
import HTTPServer

/// Scout's API as its own OpenAPI document (`/api/openapi.json`) describes it: the statuses each
/// route may answer and the shape of each body. A soak counts a reply as well-formed when this
/// finds nothing wrong with it — results, or the documented error JSON — never by status alone.
///
/// The schema checks cover what the document uses: `type` (also lists, `integer` as whole
/// numbers), `required`, `properties`, `additionalProperties: false`, `items`, `enum`,
/// `minimum`, `oneOf`, `pattern` and `$ref`.
///
/// ```swift
/// let contract = try APIContract(document: openAPI)
/// contract.violation(path: "/api/v1/search", status: 504, headers: headers, body: body)  // nil: fine
/// ```
struct APIContract: Sendable {
    private let paths: [(template: [String], operation: [String: JSONValue])]
    private let components: [String: JSONValue]

    init(document: JSONValue) throws {
        guard case .object(let root) = document, case .object(let paths)? = root["paths"],
            case .object(let components)? = root["components"]
        else { throw SoakFailure("the OpenAPI document has no paths or components") }
        self.components = components
        // Templates with fewer parameters first: /api/v1/books/search before /api/v1/books/{id}.
        self.paths = paths.compactMap { path, item in
            guard case .object(let operations) = item, case .object(let get)? = operations["get"] else { return nil }
            return (path.split(separator: "/").map(String.init), get)
        }.sorted { $0.template.filter { $0.hasPrefix("{") }.count < $1.template.filter { $0.hasPrefix("{") }.count }
    }

    /// What is wrong with a reply to `GET path` (without the query), or nil when the document
    /// allows it.
    func violation(path: String, status: Int, headers: HTTPHeaders, body: [UInt8]) -> String? {
        guard let operation = operation(for: path) else { return "\(path) is not in the document" }
        guard case .object(let responses)? = operation["responses"], var response = responses[String(status)] else {
            return "status \(status) is not documented for \(path)"
        }
        if let resolved = resolve(response) { response = resolved }
        guard case .object(let documented) = response else { return "response \(status) unreadable" }
        if case .object(let headerSpecs)? = documented["headers"], let wrong = headerViolation(headerSpecs, headers) {
            return "\(status) \(wrong)"
        }
        guard case .object(let content)? = documented["content"] else { return nil }
        let contentType = (headers["Content-Type"] ?? "").split(separator: ";").first.map(String.init) ?? ""
        guard let media = content[contentType] else { return "\(status) as \(contentType), not documented" }
        if contentType.hasPrefix("image/") {
            return ImageMagic.matches(contentType, body) ? nil : "\(contentType) body is no such image"
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: Data(body))
        } catch {
            return "\(status) body is not JSON"
        }
        guard case .object(let mediaObject) = media, let schema = mediaObject["schema"] else { return nil }
        return check(value, against: schema, at: "body")
    }

    /// What is wrong with the documented headers of a reply: one marked `required` missing (a
    /// header is optional unless it says so, as OpenAPI has it: a 503 carries `Retry-After`
    /// only when someone said when to come back), or an `integer` one that is not a number.
    private func headerViolation(_ specs: [String: JSONValue], _ headers: HTTPHeaders) -> String? {
        for (name, spec) in specs.sorted(by: { $0.key < $1.key }) {
            guard case .object(let header) = resolve(spec) ?? spec else { continue }
            guard let value = headers[name] else {
                if case .bool(true)? = header["required"] { return "without \(name)" }
                continue
            }
            if case .object(let schema)? = header["schema"], case .string("integer")? = schema["type"],
                Int(value) == nil
            {
                return "with \(name) \(value.debugDescription), not an integer"
            }
        }
        return nil
    }

    /// The GET operation whose template matches `path` segment for segment, else one whose last
    /// `{parameter}` takes the rest (`/img/{source}/{key}`: keys hold slashes).
    private func operation(for path: String) -> [String: JSONValue]? {
        let segments = path.split(separator: "/").map(String.init)
        func matches(_ template: [String], upTo count: Int) -> Bool {
            zip(template.prefix(count), segments).allSatisfy { part, segment in part.hasPrefix("{") || part == segment }
        }
        if let exact = paths.first(where: {
            $0.template.count == segments.count && matches($0.template, upTo: segments.count)
        }) {
            return exact.operation
        }
        return paths.first { template, _ in
            template.last?.hasPrefix("{") == true && template.count < segments.count
                && matches(template, upTo: template.count - 1)
        }?.operation
    }

    /// The target of a `$ref` (`#/components/<kind>/<name>`), or nil when `value` is none.
    private func resolve(_ value: JSONValue) -> JSONValue? {
        guard case .object(let object) = value, case .string(let reference)? = object["$ref"] else { return nil }
        let parts = reference.split(separator: "/").map(String.init)
        guard parts.count == 4, parts[0] == "#", parts[1] == "components",
            case .object(let kind)? = components[parts[2]]
        else { return nil }
        return kind[parts[3]]
    }

    private func check(_ value: JSONValue, against schema: JSONValue, at place: String) -> String? {
        if let target = resolve(schema) { return check(value, against: target, at: place) }
        guard case .object(let rules) = schema else { return nil }
        if case .array(let choices)? = rules["oneOf"] {
            let fits = choices.filter { check(value, against: $0, at: place) == nil }.count
            if fits != 1 { return "\(place) fits \(fits) of oneOf" }
        }
        if let types = rules["type"], !Self.has(value, typeIn: types) { return "\(place) is not \(types)" }
        if case .array(let allowed)? = rules["enum"], !allowed.contains(value) { return "\(place) not in enum" }
        if case .number(let minimum)? = rules["minimum"], case .number(let number) = value, number < minimum {
            return "\(place) below \(minimum)"
        }
        if case .string(let pattern)? = rules["pattern"], case .string(let text) = value,
            !Self.matches(text, pattern: pattern)
        {
            return "\(place) does not match \(pattern)"
        }
        switch value {
        case .object(let members):
            if case .array(let required)? = rules["required"] {
                for case .string(let name) in required where members[name] == nil { return "\(place).\(name) missing" }
            }
            let properties: [String: JSONValue]
            if case .object(let declared)? = rules["properties"] { properties = declared } else { properties = [:] }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[name] {
                    if let problem = check(member, against: property, at: "\(place).\(name)") { return problem }
                } else if rules["additionalProperties"] == .bool(false) {
                    return "\(place).\(name) is not in the schema"
                }
            }
        case .array(let elements):
            if let items = rules["items"] {
                for (index, element) in elements.enumerated() {
                    if let problem = check(element, against: items, at: "\(place)[\(index)]") { return problem }
                }
            }
        default: break
        }
        return nil
    }

    private static func has(_ value: JSONValue, typeIn types: JSONValue) -> Bool {
        let names: [String]
        switch types {
        case .string(let name): names = [name]
        case .array(let list): names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
        default: return true
        }
        return names.contains { name in
            switch (name, value) {
            case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
                ("array", .array), ("object", .object):
                true
            case ("integer", .number(let number)): number.rounded() == number
            default: false
            }
        }
    }

    private static func matches(_ text: String, pattern: String) -> Bool {
        let literal = pattern.dropFirst()
        if pattern.hasPrefix("^"), !literal.contains(where: { "\\.[]()*+?{}|^$".contains($0) }) {
            return text.hasPrefix(literal)
        }
        return text.range(of: pattern, options: .regularExpression) != nil
    }
}

/// The first bytes of each image type the proxy serves.
enum ImageMagic {
    static func matches(_ contentType: String, _ body: [UInt8]) -> Bool {
        switch contentType {
        case "image/png": body.starts(with: [0x89, 0x50, 0x4E, 0x47])
        case "image/jpeg": body.starts(with: [0xFF, 0xD8, 0xFF])
        case "image/gif": body.starts(with: Array("GIF8".utf8))
        case "image/webp": body.count > 12 && body[8..<12].elementsEqual("WEBP".utf8)
        default: false
        }
    }
}
