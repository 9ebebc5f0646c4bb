/// A JSON array of strings read leniently: entries that are not strings are dropped, and a value
/// that is no array reads as empty. For fields a line can do without, so one bad entry never
/// costs the whole book.
///
/// ```swift
/// try JSONDecoder().decode(LossyStrings.self, from: Data(#"["Le Petit Prince", 3, null]"#.utf8)).strings
/// // ["Le Petit Prince"]
/// ```
struct LossyStrings: Codable, Hashable, Sendable {
    /// The strings, in order.
    var strings: [String]

    init(_ strings: [String]) {
        self.strings = strings
    }

    init(from decoder: any Decoder) throws {
        strings = []
        guard var entries = try? decoder.unkeyedContainer() else { return }
        while !entries.isAtEnd {
            if let string = try? entries.decode(String.self) {
                strings.append(string)
            } else if (try? entries.decodeNil()) == true {
                continue
            } else if (try? entries.decode(Skipped.self)) == nil {
                // Nothing could be read at this position; stop rather than loop on it forever.
                return
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(strings)
    }

    /// Any JSON value, read only to move past it.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}
