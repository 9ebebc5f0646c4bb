import Foundation

/// Reads a book from a page's Open Graph tags: `og:type` `book` or any `book:` tag marks the page
/// as a book; `og:title`, `og:image`, `og:url`, `og:description`, `book:author`, `book:isbn` and
/// `book:release_date` fill the fields.
///
/// ```swift
/// let fields = OpenGraphReader(document: document).book()   // nil for a page that is not a book
/// ```
struct OpenGraphReader {
    let document: HTMLDocument

    /// The book the tags describe, or nil when they do not describe one.
    func book() -> BookFields? {
        let tags = self.tags()
        let isBook =
            tags.contains { $0.key == "og:type" && $0.value.lowercased().hasPrefix("book") }
            || tags.contains { $0.key.hasPrefix("book:") || $0.key.hasPrefix("books:") }
        guard isBook else { return nil }
        func first(_ keys: String...) -> String? {
            tags.first { keys.contains($0.key) }.flatMap { FieldText.clean($0.value) }
        }
        var fields = BookFields()
        fields.title = first("og:title")
        // Facebook's own book:author holds profile URLs, not names; keep only names.
        let authors = tags.filter { ["book:author", "books:author"].contains($0.key) }.map(\.value)
        fields.addAuthors(authors.filter { !["http://", "https://"].contains(where: $0.lowercased().hasPrefix) })
        fields.setISBN(first("book:isbn", "books:isbn"))
        fields.year = first("book:release_date", "books:release_date").flatMap(FieldText.year)
        fields.coverURL = first("og:image", "og:image:url", "og:image:secure_url").flatMap(document.webURL)
        fields.url = first("og:url").flatMap(document.webURL)
        fields.description = first("og:description")
        return fields
    }

    /// The `<meta property=… content=…>` pairs in page order, keys lower-cased. Many sites write
    /// `name=` instead of `property=`; both count.
    private func tags() -> [(key: String, value: String)] {
        document.elements(named: "meta").compactMap { meta in
            guard let key = meta["property"] ?? meta["name"], let value = meta["content"] else { return nil }
            return (key.lowercased().trimmingCharacters(in: .whitespaces), value)
        }
    }
}
