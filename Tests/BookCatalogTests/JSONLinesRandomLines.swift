import ScoutTestSupport

/// Seeded random JSON Lines lines for comparing ``JSONLinesRecord/read(_:)`` with the decoder:
/// book records with every field mostly in its shape and sometimes in another, `null`, missing,
/// duplicated, with keys and strings escaped rightly and wrongly, odd numbers and URLs, backup
/// lines, deep nesting, and the same lines mutated byte by byte.
struct JSONLinesRandomLines: RandomJSONLines {
    var random: SplitMix64

    static let textFields = [
        "source", "sourceID", "title", "seriesName", "isbn10", "isbn13", "language", "description", "titleReading",
    ]
    static let numberFields = ["seriesNumber", "year", "averageRating", "ratingsCount"]
    static let urlFields = ["coverURL", "smallCoverURL", "sourceURL"]
    static let listFields = ["authors", "tags", "alternateTitles", "authorReadings", "series", "keys"]
    static let otherFields = ["reading", "link", "relation", "other", "id"]

    /// A whole line: a record, now and then something else.
    mutating func line() -> [UInt8] {
        switch pick(60) {
        case 0:
            let depth = 10 + pick(12)
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return Array(#"{"source":"s","sourceID":"1","title":"t","other":\#(deep)}"#.utf8)
        case 1: return value(depth: 1)
        default: return record()
        }
    }

    private mutating func record() -> [UInt8] {
        var members: [[UInt8]] = []
        // The required fields are usually there, the rest now and then.
        for name in ["source", "sourceID", "title"] where pick(12) != 0 { members.append(member(name)) }
        let all = Self.textFields + Self.numberFields + Self.urlFields + Self.listFields + Self.otherFields
        for _ in 0..<pick(8) {
            let name = all[pick(all.count)]
            if Self.otherFields.contains(name), pick(3) != 0 { continue }
            members.append(member(name))
        }
        // Order does not matter to the decoder, duplicates do.
        for index in members.indices.reversed() where index > 0 {
            members.swapAt(index, pick(index + 1))
        }
        return container("{", members, "}")
    }

    private mutating func member(_ name: String) -> [UInt8] {
        string(name, escaping: pick(10) == 0) + Array(":".utf8) + fieldValue(name)
    }

    /// A value in `name`'s shape seven times in eight.
    private mutating func fieldValue(_ name: String) -> [UInt8] {
        guard pick(8) != 0 else { return value(depth: 2) }
        if Self.textFields.contains(name) { return string(text(), escaping: pick(4) == 0) }
        if Self.numberFields.contains(name) { return number() }
        if Self.urlFields.contains(name) { return url() }
        switch name {
        case "series": return container("[", (0..<pick(3)).map { _ in membership() }, "]")
        case "keys": return container("[", (0..<pick(3)).map { _ in bookKey() }, "]")
        case "authorReadings", "alternateTitles":
            return container("[", (0..<pick(4)).map { _ in pick(4) == 0 ? Array("null".utf8) : plainString() }, "]")
        case "authors", "tags": return container("[", (0..<pick(5)).map { _ in plainString() }, "]")
        case "reading":
            return Array(#"{"book":"#.utf8) + bookKey() + Array(#","reader":"r","rating":"#.utf8) + number()
                + Array("}".utf8)
        case "link": return Array(#"{"from":"#.utf8) + bookKey() + Array(#","to":"#.utf8) + url() + Array("}".utf8)
        default: return value(depth: 2)
        }
    }

    private mutating func plainString() -> [UInt8] { string(text(), escaping: pick(6) == 0) }

    private mutating func membership() -> [UInt8] {
        var members: [[UInt8]] = []
        if pick(8) != 0 { members.append(Array(#""name":"#.utf8) + plainString()) }
        for name in ["number", "lastNumber", "part", "name", "other"] where pick(3) == 0 {
            members.append(
                string(name, escaping: pick(10) == 0) + Array(":".utf8) + (name == "part" ? plainString() : number()))
        }
        return pick(10) == 0 ? value(depth: 3) : container("{", members, "}")
    }

    private mutating func bookKey() -> [UInt8] {
        var members: [[UInt8]] = []
        if pick(10) != 0 { members.append(Array(#""source":"#.utf8) + plainString()) }
        if pick(10) != 0 { members.append(Array(#""sourceID":"#.utf8) + plainString()) }
        if pick(6) == 0 { members.append(Array(#""sourceID":"#.utf8) + value(depth: 3)) }
        return container("{", members, "}")
    }

    private mutating func value(depth: Int) -> [UInt8] {
        switch depth < 8 && pick(5) == 0 ? pick(2) : 2 + pick(4) {
        case 0: return container("[", (0..<pick(4)).map { _ in value(depth: depth + 1) }, "]")
        case 1:
            let members = (0..<pick(4)).map { _ in
                string(["source", "name", "x", "k\\u0065y"][pick(4)], escaping: false) + Array(":".utf8)
                    + value(depth: depth + 1)
            }
            return container("{", members, "}")
        case 2: return plainString()
        case 3: return number()
        default: return Array(["true", "false", "null"][pick(3)].utf8)
        }
    }

    private mutating func number() -> [UInt8] {
        let forms = [
            "1", "-1", "0", "-0", "1954", "4.25", "1.0", "1e2", "1.5", "01", "-", "1.", "1e", "99999999999999999999",
            "9223372036854775807", "-9223372036854775808", "1e400", "1e-400", "2.50e1", "1.2.3", "1e+-3", "0.1",
            "123456789012345678", "1234567890123456789", "-0.0", "5E-3", "3.14159265358979323846264338327950288",
        ]
        return Array(forms[pick(forms.count)].utf8)
    }

    private mutating func url() -> [UInt8] {
        let forms = [
            "https://covers.example.org/b/1-M.jpg", "http://x.org/a?b=c#d", "", "not a url", "http://[::1",
            "https://例え.jp/本", "a b", "https:\\/\\/x.org\\/y", "//x", "mailto:a@b", "http://x.org/%zz", "\\u0000",
        ]
        return string(forms[pick(forms.count)], escaping: false)
    }

    private mutating func text() -> String {
        // Two texts in three are clean, so many records read whole.
        if pick(3) != 0 { return ["Dune", "Frank Herbert", "日本の本", "", " ", "é 😀"][pick(6)] }
        let pieces = [
            "Earthsea", " ", "  ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\ud800",
            "\\udc00", "\\ud800\\u0041", "\\x", "\\u12G4", "\\t", "Dune", "Frank Herbert", "0-553-38304-3", "\t",
            "\u{01}", "\\u0000", "reading", "link",
        ]
        return (0..<pick(5)).map { _ in pieces[pick(pieces.count)] }.joined()
    }
}
