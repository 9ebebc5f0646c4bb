import ScoutTestSupport

/// Seeded random dump lines for comparing ``DumpJSONReader`` with the decoder it replaced:
/// records with every field Scout reads in its usual shape, in every wrong shape, duplicated,
/// with keys and strings escaped rightly and wrongly, odd numbers, deep nesting, and the same
/// lines mutated byte by byte.
struct DumpJSONLines: RandomJSONLines {
    var random: SplitMix64

    static let types = ["/type/author", "/type/work", "/type/edition", "/type/redirect", "/type/delete"]
    static let keys = ["/authors/OL1A", "/works/OL2W", "/books/OL3M"]
    static let fields = [
        "name", "title", "subtitle", "location", "authors", "works", "languages", "subjects", "publishers",
        "series", "covers", "description", "isbn_10", "isbn_13", "first_publish_date", "publish_date", "type",
        "key", "other",
    ]

    /// A whole line: its columns, then a JSON object.
    mutating func line() -> [UInt8] {
        let type = Self.types[pick(Self.types.count)]
        let key = Self.keys[pick(Self.keys.count)]
        let columns = Array("\(type)\t\(key)\t1\t2020-01-01T00:00:00\t".utf8)
        guard pick(40) != 0 else {
            let depth = 12 + pick(9)
            let deep = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            return columns + Array(#"{"title":"x","name":"y","authors":\#(deep)}"#.utf8)
        }
        return columns + object(depth: 1, fields: Self.fields)
    }

    private mutating func object(depth: Int, fields: [String]) -> [UInt8] {
        var members: [[UInt8]] = []
        for _ in 0..<pick(7) {
            members.append(string(fields[pick(fields.count)], escaping: pick(8) == 0) + Array(":".utf8) + value(depth))
        }
        return container("{", members, "}")
    }

    private mutating func value(_ depth: Int) -> [UInt8] {
        // A container one time in five keeps the records small.
        switch depth < 18 && pick(5) == 0 ? pick(4) : 4 + pick(6) {
        case 0: return container("[", (0..<pick(5)).map { _ in value(depth + 1) }, "]")
        case 1: return object(depth: depth + 1, fields: ["key", "author", "value", "type", "k\\u0065y", "x"])
        case 2: return reference(depth)
        case 3: return container("[", (0..<pick(5)).map { _ in reference(depth + 1) }, "]")
        case 4, 5: return string(text(), escaping: true)
        case 6: return number()
        case 7: return Array(["true", "false", "null"][pick(3)].utf8)
        default:
            return string(
                ["/authors/OL7A", "/works/OL8W", "/languages/fre", "9780553383044", "1954"][pick(5)], escaping: false)
        }
    }

    private mutating func reference(_ depth: Int) -> [UInt8] {
        let key = string(
            ["/authors/OL9A", "/works/OL5W", "/languages/eng", "/languages/x"][pick(4)], escaping: pick(4) == 0)
        switch pick(4) {
        case 0: return key
        case 1: return Array(#"{"key":"#.utf8) + key + Array("}".utf8)
        case 2: return Array(#"{"author":{"key":"#.utf8) + key + Array(#"},"type":{"key":"/type/author_role"}}"#.utf8)
        default:
            return Array(#"{"author":"#.utf8) + (pick(2) == 0 ? key : value(depth + 1)) + Array(#","key":"#.utf8) + key
                + Array("}".utf8)
        }
    }

    private mutating func number() -> [UInt8] {
        let forms = [
            "1", "-1", "0", "-0", "8231856", "1.0", "1e2", "1.5", "01", "-", "1.", "1e", "99999999999999999999",
            "9223372036854775807", "-9223372036854775808", "1e400", "1e-400", "2.50e1", "1.2.3", "1e+-3",
            "123456789012345678.0",
        ]
        return Array(forms[pick(forms.count)].utf8)
    }

    private mutating func text() -> String {
        let pieces = [
            "Earthsea", " ", "  ", "é", "日本", "😀", "\\n", "\\\"", "\\\\", "\\/", "\\u00e9", "\\ud83d\\ude00", "\\ud800",
            "\\udc00", "\\ud800\\u0041", "\\x", "\\u12G4", "\\t", "c1954", "July 29, 1954", "0-553-38304-3",
            "\t", "\u{01}", "\\u0000",
        ]
        return (0..<pick(5)).map { _ in pieces[pick(pieces.count)] }.joined()
    }
}
