import Foundation

/// A `Content-Type` header: its media type and `charset` parameter.
///
/// ```swift
/// let type = ContentType("text/html; charset=ISO-8859-1")
/// type.mediaType   // "text/html"
/// type.charset     // "ISO-8859-1"
/// type.isHTML      // true
/// ```
struct ContentType: Equatable {
    /// The media type, lower-cased: `"text/html"`.
    let mediaType: String
    /// The `charset` parameter without quotes, if any.
    let charset: String?

    init(_ header: String) {
        let parts = header.split(separator: ";")
        mediaType = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        charset =
            parts.dropFirst().lazy.compactMap { parameter -> String? in
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                    return nil
                }
                let value = pair[1].trimmingCharacters(in: .whitespaces).filter { $0 != "\"" && $0 != "'" }
                return value.isEmpty ? nil : value
            }.first
    }

    /// Whether the body is a page the crawler reads: HTML or XHTML.
    var isHTML: Bool { ["text/html", "application/xhtml+xml"].contains(mediaType) }
}
