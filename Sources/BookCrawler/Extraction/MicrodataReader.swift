import Foundation

/// Reads the first schema.org `Book` item a page marks up with HTML microdata
/// (`itemscope itemtype="https://schema.org/Book"` and `itemprop`s), outside "similar books"
/// sections. An item's properties are those under it and under the elements its `itemref`
/// names by `id`; reading them is a ``GraphWalk``, so each named element is read once and
/// items nest at most ``GraphWalk/maxDepth`` deep, whatever cycles the page's `itemref`s make.
///
/// ```swift
/// let fields = MicrodataReader(document: document).book()   // nil when the page has no Book item
/// ```
struct MicrodataReader {
    let document: HTMLDocument
    /// The page's elements by `id`, the first of each: what `itemref` names.
    private let elementsByID: [String: HTMLElement]

    init(document: HTMLDocument) {
        self.document = document
        var byID: [String: HTMLElement] = [:]
        for element in document.elements(where: { $0["id"] != nil }) {
            if let id = element["id"], byID[id] == nil { byID[id] = element }
        }
        elementsByID = byID
    }

    /// One microdata item: its types and its properties in document order.
    struct Item {
        var types: [String]
        var properties: [(name: String, value: Value)] = []

        /// The first value of the property `name`.
        func value(_ name: String) -> Value? { properties.first { $0.name == name }?.value }

        /// Every value of the property `name`.
        func values(_ name: String) -> [Value] { properties.filter { $0.name == name }.map(\.value) }
    }

    /// A property's value: text (attribute values included) or a nested item.
    enum Value {
        case text(String)
        case item(Item)

        /// The text, or a nested item's `name`.
        var text: String? {
            switch self {
            case .text(let text): FieldText.clean(text)
            case .item(let item): item.value("name")?.text
            }
        }

        var item: Item? {
            if case .item(let item) = self { return item }
            return nil
        }
    }

    /// The fields of the page's first top-level `Book` item.
    func book() -> BookFields? {
        var walk = GraphWalk()
        guard let book = firstBook(in: document.root, walk: &walk) else { return nil }
        var fields = BookFields()
        fields.title = book.value("name")?.text
        fields.addAuthors(book.values("author").compactMap(\.text))
        fields.setISBN(book.value("isbn")?.text)
        if let series = book.value("isPartOf") {
            fields.seriesName = series.text
            fields.seriesNumber = (book.value("position") ?? series.item?.value("position"))?.text.flatMap(
                FieldText.number)
        }
        if let rating = book.value("aggregateRating")?.item {
            let number = { (name: String) in rating.value(name)?.text.flatMap(FieldText.number) }
            fields.setRating(
                value: number("ratingValue"), count: number("ratingCount") ?? number("reviewCount"),
                best: number("bestRating"))
        }
        fields.coverURL = book.value("image")?.text.flatMap(document.webURL)
        fields.language = book.value("inLanguage")?.text
        fields.year = book.value("datePublished")?.text.flatMap(FieldText.year)
        fields.description = book.value("description")?.text
        fields.url = book.value("url")?.text.flatMap(document.webURL)
        return fields
    }

    /// The first item typed `Book` that is not another item's property, depth first.
    private func firstBook(in element: HTMLElement, walk: inout GraphWalk) -> Item? {
        for child in element.childElements where !SimilarSection.contains(child) {
            if child["itemscope"] != nil, child["itemprop"] == nil {
                let types = (child["itemtype"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
                if types.contains(where: { $0.hasSuffix("schema.org/Book") }) {
                    return item(child, depth: 1, walk: &walk)
                }
            }
            if let book = firstBook(in: child, walk: &walk) { return book }
        }
        return nil
    }

    /// The item whose scope is `element`, `depth` items deep: the properties under it, then
    /// those of the elements its `itemref` names that the walk has not read yet.
    private func item(_ element: HTMLElement, depth: Int, walk: inout GraphWalk) -> Item {
        var item = Item(types: (element["itemtype"] ?? "").split(separator: " ").map(String.init))
        collectProperties(of: element.childElements, depth: depth, walk: &walk, into: &item)
        for id in (element["itemref"] ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
        where walk.enter(id, atDepth: depth) {
            // The named element counts too, not only what is under it (the microdata spec).
            if let referenced = elementsByID[id] {
                collectProperties(of: [referenced], depth: depth, walk: &walk, into: &item)
            }
        }
        return item
    }

    /// Adds the properties among `elements` and under them to `item`, not descending into nested
    /// items; a nested item past ``GraphWalk/maxDepth`` is left out.
    private func collectProperties(
        of elements: [HTMLElement], depth: Int, walk: inout GraphWalk, into item: inout Item
    ) {
        for child in elements {
            if let names = child["itemprop"] {
                let value: Value
                if child["itemscope"] == nil {
                    value = .text(propertyText(of: child))
                } else if walk.enter(nil, atDepth: depth + 1) {
                    value = .item(self.item(child, depth: depth + 1, walk: &walk))
                } else {
                    continue
                }
                for name in names.split(whereSeparator: \.isWhitespace) {
                    item.properties.append((String(name), value))
                }
            }
            if child["itemscope"] == nil {
                collectProperties(of: child.childElements, depth: depth, walk: &walk, into: &item)
            }
        }
    }

    /// The value of a property element, by the rules of the HTML microdata spec.
    private func propertyText(of element: HTMLElement) -> String {
        switch element.name {
        case "meta": element["content"] ?? ""
        case "audio", "embed", "iframe", "img", "source", "track", "video": element["src"] ?? ""
        case "a", "area", "link": element["href"] ?? ""
        case "object": element["data"] ?? ""
        case "data", "meter": element["value"] ?? ""
        case "time": element["datetime"] ?? element.textContent
        default: element.textContent
        }
    }
}
