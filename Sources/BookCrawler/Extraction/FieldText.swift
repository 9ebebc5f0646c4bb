import Foundation

/// Reading the loosely written values of book markup: ISBNs with hyphens, dates in any shape,
/// numbers with thousands separators.
///
/// ```swift
/// FieldText.isbn("ISBN 978-0-439-02348-1")   // "9780439023481"
/// FieldText.year("September 14, 2008")       // 2008
/// FieldText.number("4,780,653")              // 4780653
/// ```
enum FieldText {
    /// `text` with whitespace collapsed and trimmed; nil when nothing is left.
    static func clean(_ text: String) -> String? {
        let cleaned = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return cleaned.isEmpty ? nil : cleaned
    }

    /// The ISBN-10 or ISBN-13 in `text` without separators (`X` upper-cased), or nil.
    static func isbn(_ text: String) -> String? {
        var body = Substring(text.uppercased())
        if let prefix = body.range(of: "ISBN") { body = body[prefix.upperBound...] }
        let characters = body.filter { $0.isASCII && ($0.isNumber || $0 == "X") }
        let digits = characters.dropLast().allSatisfy(\.isNumber)
        switch characters.count {
        case 13 where digits && characters.last?.isNumber == true: return characters
        case 10 where digits: return characters
        default: return nil
        }
    }

    /// The year of a date such as `2008-09-14`, `2008` or `September 14, 2008`: the first run
    /// of exactly four digits.
    static func year(_ text: String) -> Int? {
        var run = ""
        for character in text + " " {
            if character.isASCII, character.isNumber {
                run.append(character)
            } else {
                if run.count == 4, let year = Int(run) { return year }
                run = ""
            }
        }
        return nil
    }

    /// A number written as `4.34`, `4,780,653` or ` 12 `; nil when it is not one.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let value = Double(trimmed), value.isFinite { return value }
        // Thousands separators only: "4,780,653", never a decimal comma.
        let groups = trimmed.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        return Double(groups.joined()).flatMap { $0.isFinite ? $0 : nil }
    }
}
