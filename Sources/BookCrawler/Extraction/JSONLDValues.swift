import Foundation

/// Reads the values of JSON-LD nodes as schema.org writes them in the wild: a property may be a
/// string, a number, an object with a `name`, a reference `{"@id": …}`, or an array of those.
/// Following names and references is a ``GraphWalk``: each node once, never too deep, so a node
/// that names itself ends the walk, not the crawler.
struct JSONLDValues {
    /// Nodes of the page by `@id`, for following references.
    let nodesByID: [String: [String: Any]]
    /// The page, for resolving relative URLs.
    let document: HTMLDocument

    /// The fields of a `Book` node.
    func book(_ node: [String: Any]) -> BookFields {
        var fields = BookFields()
        fields.title = string(node["name"]) ?? string(node["headline"])
        fields.addAuthors(list(node["author"]).compactMap { string($0) })
        fields.setISBN(string(node["isbn"]))
        let series = list(node["isPartOf"]).compactMap(object).first { types(of: $0).contains("BookSeries") }
        if let series {
            fields.seriesName = string(series["name"])
            fields.seriesNumber = number(node["position"]) ?? number(series["position"])
        } else if let name = list(node["isPartOf"]).compactMap({ $0 as? String }).first {
            fields.seriesName = FieldText.clean(name)
            fields.seriesNumber = number(node["position"])
        }
        if let rating = object(node["aggregateRating"]) {
            fields.setRating(
                value: number(rating["ratingValue"]), count: number(rating["ratingCount"] ?? rating["reviewCount"]),
                best: number(rating["bestRating"]))
        }
        fields.coverURL = list(node["image"]).lazy.compactMap { url($0) }.first
        fields.language = list(node["inLanguage"]).lazy.compactMap { language($0) }.first
        fields.year = string(node["datePublished"]).flatMap(FieldText.year)
        fields.description = string(node["description"])
        fields.url = url(node["url"])
        return fields
    }

    /// The `@type` names of `node`, without a schema.org prefix: `["Book", "Product"]`.
    func types(of node: [String: Any]) -> [String] {
        list(node["@type"]).compactMap { $0 as? String }.map { type in
            type.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? type
        }
    }

    /// `value` as a list: arrays as they are, a single value as one element, nothing as none.
    func list(_ value: Any?) -> [Any] {
        switch value {
        case nil, is NSNull: []
        case let array as [Any]: array
        case let single?: [single]
        }
    }

    /// `value` as an object, following an `@id` reference to the node it names.
    func object(_ value: Any?) -> [String: Any]? {
        var walk = GraphWalk()
        return object(value, depth: 1, walk: &walk)
    }

    /// Like ``object(_:)``, as a step of `walk`: nil when the walk may not go into the object
    /// (too deep, or a node it has been in — a reference cycle).
    private func object(_ value: Any?, depth: Int, walk: inout GraphWalk) -> [String: Any]? {
        guard var object = list(value).first as? [String: Any] else { return nil }
        if object.count == 1, let id = object["@id"] as? String, let target = nodesByID[id] { object = target }
        return walk.enter(object["@id"] as? String, atDepth: depth) ? object : nil
    }

    /// Text: a string, a number, or an object's `name` (or `@value`); the first of an array.
    func string(_ value: Any?) -> String? {
        var walk = GraphWalk()
        return string(value, depth: 0, walk: &walk)
    }

    private func string(_ value: Any?, depth: Int, walk: inout GraphWalk) -> String? {
        guard let first = list(value).first else { return nil }
        if let text = first as? String { return FieldText.clean(text) }
        if let number = numeric(first) {
            return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        }
        guard let object = object(first, depth: depth + 1, walk: &walk) else { return nil }
        return string(object["name"] ?? object["@value"], depth: depth + 1, walk: &walk)
    }

    /// A number given as a number or as text.
    func number(_ value: Any?) -> Double? {
        guard let first = list(value).first else { return nil }
        return numeric(first) ?? string(first).flatMap(FieldText.number)
    }

    /// A JSON number, whichever type the platform's `JSONSerialization` made of it.
    private func numeric(_ value: Any) -> Double? {
        switch value {
        case let double as Double: double.isFinite ? double : nil
        case let int as Int: Double(int)
        case let number as NSNumber: number.doubleValue.isFinite ? number.doubleValue : nil
        default: nil
        }
    }

    /// An http(s) URL given as text or as an object's `url` / `contentUrl`, resolved against the page.
    func url(_ value: Any?) -> URL? {
        var walk = GraphWalk()
        return url(value, depth: 0, walk: &walk)
    }

    private func url(_ value: Any?, depth: Int, walk: inout GraphWalk) -> URL? {
        guard let first = list(value).first else { return nil }
        if let text = first as? String {
            return document.webURL(text)
        }
        guard let object = object(first, depth: depth + 1, walk: &walk) else { return nil }
        return url(object["url"] ?? object["contentUrl"], depth: depth + 1, walk: &walk)
    }

    /// A language given as a code (`"en"`) or a `Language` object (its code, else its name).
    private func language(_ value: Any) -> String? {
        if let code = value as? String { return FieldText.clean(code) }
        guard let object = object(value) else { return nil }
        return string(object["alternateName"]) ?? string(object["name"])
    }
}
