import Foundation

/// The one line a book result shows under its title — authors, year and rating — worded the
/// same by the server's local books source and by ``BooksProvider``.
///
/// ```swift
/// BookSummary.line(authors: ["Suzanne Collins"], year: 2008, averageRating: 4.34)
/// // "Suzanne Collins · 2008 · ★ 4.34"
/// ```
public enum BookSummary {
    /// At most this many authors are named; more become "et al.".
    public static let namedAuthors = 3

    /// Authors (the first ``namedAuthors``), the year (BCE for negative years) and the average
    /// rating to two decimals, joined by " · "; nil when the book has none of them.
    ///
    /// ```swift
    /// BookSummary.line(authors: [], year: -800, averageRating: nil)   // "800 BCE"
    /// ```
    public static func line(authors: [String], year: Int?, averageRating: Double?) -> String? {
        var parts: [String] = []
        let named = authors.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if !named.isEmpty {
            let shown = named.prefix(namedAuthors).joined(separator: ", ")
            parts.append(named.count > namedAuthors ? shown + " et al." : shown)
        }
        if let year { parts.append(year < 0 ? "\(-year) BCE" : String(year)) }
        if let averageRating, averageRating.isFinite, averageRating > 0 {
            parts.append("★ " + rating(averageRating))
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }

    /// `4.34`, `4.00`: two decimals without Foundation's locale-dependent formatting.
    static func rating(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
