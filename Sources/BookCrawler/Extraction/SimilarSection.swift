import Foundation

/// Recognizes a page's "similar books" section: a container whose `id`, `class` or
/// `aria-label` says so (`similar-books`, `related`, `also-enjoyed` …), or whose heading does
/// ("Readers also enjoyed", "Similar books", "You may also like").
///
/// ```swift
/// SimilarSection.contains(element)   // true for <section class="similar-books">…
/// ```
enum SimilarSection {
    /// Words in `id`/`class`/`aria-label` that name such a section.
    private static let markers = ["similar", "related", "also-enjoyed", "also-liked", "also-like", "recommend"]
    /// Phrases in a heading that name such a section.
    private static let headings = ["similar", "related", "also enjoyed", "also liked", "also like", "recommend"]
    private static let containers: Set<String> = ["section", "aside", "div", "ul", "ol", "nav", "table"]
    private static let headingNames: Set<String> = ["h1", "h2", "h3", "h4", "h5", "h6", "header"]

    /// Whether `element` is a "similar books" section.
    static func contains(_ element: HTMLElement) -> Bool {
        guard containers.contains(element.name) else { return false }
        let labels = ["id", "class", "aria-label", "data-section"].compactMap { element[$0]?.lowercased() }
            .joined(separator: " ")
            .replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: " ", with: "-")
        if markers.contains(where: labels.contains) { return true }
        guard let heading = element.childElements.first(where: { headingNames.contains($0.name) }) else {
            return false
        }
        let text = heading.textContent.lowercased()
        return headings.contains(where: text.contains)
    }
}
