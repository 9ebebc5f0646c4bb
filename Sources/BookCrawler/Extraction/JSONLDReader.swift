import Foundation

/// Reads schema.org `Book` nodes from a page's `<script type="application/ld+json">` blocks.
///
/// A block may hold one object, an array of them, or an object with `@graph`; a node may point
/// at another by `{"@id": …}` (authors and series often do inside `@graph`). A block that is not
/// valid JSON is skipped; the page's other blocks still count.
///
/// ```swift
/// let books = JSONLDReader(document: document).books()   // [BookFields], in page order
/// ```
struct JSONLDReader {
    let document: HTMLDocument

    /// Every `Book` node of the page, in page order.
    func books() -> [BookFields] {
        let nodes = blocks().flatMap { topLevelNodes(of: $0) }
        var byID: [String: [String: Any]] = [:]
        for node in nodes {
            if let id = node["@id"] as? String, byID[id] == nil { byID[id] = node }
        }
        let values = JSONLDValues(nodesByID: byID, document: document)
        return nodes.filter { values.types(of: $0).contains("Book") }.map(values.book)
    }

    /// The parsed JSON of each block that parses.
    private func blocks() -> [Any] {
        document.elements(named: "script")
            .filter { $0["type"]?.lowercased().trimmingCharacters(in: .whitespaces) == "application/ld+json" }
            .compactMap { script in
                // Some sites wrap the JSON in an HTML comment or CDATA markers; browsers' JSON
                // readers do not accept that, but the content is still the site's data.
                var text = script.rawText.trimmingCharacters(in: .whitespacesAndNewlines)
                for (opening, closing) in [("<!--", "-->"), ("<![CDATA[", "]]>")]
                where text.hasPrefix(opening) && text.hasSuffix(closing) {
                    text = String(text.dropFirst(opening.count).dropLast(closing.count))
                }
                return try? JSONSerialization.jsonObject(with: Data(text.utf8))
            }
    }

    /// The nodes a block describes at its top: the object itself, each element of an array, each
    /// node of `@graph`, and a page's `mainEntity`. Nested properties (a book's `workExample`, a
    /// list of similar books) are not separate nodes.
    /// Nesting deeper than ``GraphWalk/maxDepth`` is not read.
    private func topLevelNodes(of json: Any, depth: Int = 0) -> [[String: Any]] {
        guard depth < GraphWalk.maxDepth else { return [] }
        if let array = json as? [Any] { return array.flatMap { topLevelNodes(of: $0, depth: depth + 1) } }
        guard let object = json as? [String: Any] else { return [] }
        var nodes = [object]
        if let graph = object["@graph"] { nodes += topLevelNodes(of: graph, depth: depth + 1) }
        if let main = object["mainEntity"] { nodes += topLevelNodes(of: main, depth: depth + 1) }
        return nodes
    }
}
