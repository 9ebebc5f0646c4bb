import Foundation

/// A small scanner for the HTML Scout writes itself: lists every tag with its attributes, so
/// tests can check that upstream text added no markup. It relies on what the renderer
/// guarantees — attribute values in double quotes, no raw `"` or `>` inside them — and reports
/// anything else as malformed.
struct HTMLScanner {
    struct Tag: Equatable {
        let name: String
        let attributes: [(name: String, value: String)]

        static func == (left: Tag, right: Tag) -> Bool {
            left.name == right.name && left.attributes.map(\.name) == right.attributes.map(\.name)
                && left.attributes.map(\.value) == right.attributes.map(\.value)
        }

        func value(of attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }
    }

    /// The tags of `html` in order (end tags as `/name`, the doctype as `!doctype`); throws
    /// when a tag cannot be read.
    static func tags(in html: String) throws -> [Tag] {
        var tags: [Tag] = []
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else { throw Malformed(text: String(rest[open...])) }
            let inside = rest[rest.index(after: open)..<close]
            tags.append(try tag(inside))
            rest = rest[rest.index(after: close)...]
        }
        return tags
    }

    struct Malformed: Error, CustomStringConvertible {
        let text: String
        var description: String { "cannot read the tag \(text.prefix(80))" }
    }

    private static func tag(_ text: Substring) throws -> Tag {
        var scanner = text.unicodeScalars[...]
        func skipSpaces() { while let first = scanner.first, first == " " || first == "\n" { scanner.removeFirst() } }
        func word() -> String {
            var word = ""
            while let first = scanner.first, first != " ", first != "\n", first != "=", first != ">" {
                word.unicodeScalars.append(scanner.removeFirst())
            }
            return word
        }
        let name = word().lowercased()
        guard !name.isEmpty else { throw Malformed(text: String(text)) }
        var attributes: [(name: String, value: String)] = []
        while true {
            skipSpaces()
            guard !scanner.isEmpty else { break }
            let attribute = word().lowercased()
            guard !attribute.isEmpty else { throw Malformed(text: String(text)) }
            var value = ""
            if scanner.first == "=" {
                scanner.removeFirst()
                guard scanner.first == "\"" else { throw Malformed(text: String(text)) }
                scanner.removeFirst()
                while let first = scanner.first, first != "\"" { value.unicodeScalars.append(scanner.removeFirst()) }
                guard scanner.first == "\"" else { throw Malformed(text: String(text)) }
                scanner.removeFirst()
            }
            attributes.append((attribute, value))
        }
        return Tag(name: name, attributes: attributes)
    }
}
