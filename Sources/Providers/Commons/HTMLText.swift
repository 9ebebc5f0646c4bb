/// Upstream HTML reduced to the plain text a person reads (SECURITY.md T2): tags, comments and
/// the contents of `script`/`style` dropped, character references decoded, whitespace collapsed.
/// Commons writes authors as links (`<a href="…">Jane</a>`), so this runs on every such field.
///
/// A small tokenizer rather than a regular expression: `>` inside quoted attribute values,
/// comments holding tags and unterminated tags are read the way a browser reads them.
///
/// ```swift
/// HTMLText.plain(#"<a href="//x" title="a>b">Jane&nbsp;Doe</a> &amp; co"#)   // "Jane Doe & co"
/// ```
enum HTMLText {
    /// The text of `html`, trimmed, with runs of whitespace as one space.
    static func plain(_ html: String) -> String {
        var output = ""
        var scalars = html.unicodeScalars[...]
        var skipping: String?  // inside <script> or <style>: text is not shown
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "<":
                if scalars.starts(with: "!--".unicodeScalars) {
                    skip(past: "-->", in: &scalars)
                    continue
                }
                let tag = readTag(&scalars)
                if let skipped = skipping {
                    if tag.isClosing, tag.name == skipped { skipping = nil }
                } else if !tag.isClosing, ["script", "style"].contains(tag.name) {
                    skipping = tag.name
                } else if Self.breakingTags.contains(tag.name) {
                    output.append(" ")
                }
            case "&" where skipping == nil:
                output.unicodeScalars.append(contentsOf: readReference(&scalars))
            default:
                if skipping == nil { output.unicodeScalars.append(scalar) }
            }
        }
        return output.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// Tags that separate words when rendered.
    private static let breakingTags: Set<String> = ["br", "p", "div", "li", "ul", "ol", "tr", "td", "th", "hr"]

    private static func skip(past end: String, in scalars: inout Substring.UnicodeScalarView) {
        while !scalars.isEmpty, !scalars.starts(with: end.unicodeScalars) { scalars.removeFirst() }
        scalars.removeFirst(min(end.unicodeScalars.count, scalars.count))
    }

    /// Reads a tag after its `<` up to the matching `>` (quotes respected); its lower-cased name.
    private static func readTag(_ scalars: inout Substring.UnicodeScalarView) -> (name: String, isClosing: Bool) {
        var name = ""
        var isClosing = false
        var inName = true
        var quote: Unicode.Scalar?
        while let scalar = scalars.popFirst() {
            if let open = quote {
                if scalar == open { quote = nil }
                continue
            }
            switch scalar {
            case ">": return (name.lowercased(), isClosing)
            case "\"", "'": quote = scalar
            case "/" where name.isEmpty && inName: isClosing = true
            default:
                if inName, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                    name.unicodeScalars.append(scalar)
                } else {
                    inName = false
                }
            }
        }
        return (name.lowercased(), isClosing)
    }

    /// Reads a character reference after its `&`; an unknown one stays as written.
    private static func readReference(_ scalars: inout Substring.UnicodeScalarView) -> [Unicode.Scalar] {
        let body = scalars.prefix(12).prefix { $0 != ";" && $0 != "&" && $0 != "<" && !$0.properties.isWhitespace }
        guard scalars.dropFirst(body.count).first == ";", !body.isEmpty else { return ["&"] }
        let text = String(String.UnicodeScalarView(body))
        let decoded: Unicode.Scalar?
        if text.hasPrefix("#x") || text.hasPrefix("#X") {
            decoded = UInt32(text.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if text.hasPrefix("#") {
            decoded = UInt32(text.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
            decoded = namedReferences[text]
        }
        guard let decoded, decoded.value != 0 else { return ["&"] }
        scalars.removeFirst(body.count + 1)
        return [decoded]
    }

    private static let namedReferences: [String: Unicode.Scalar] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ndash": "–", "mdash": "—",
        "hellip": "…", "copy": "©", "reg": "®", "middot": "·", "laquo": "«", "raquo": "»", "shy": "\u{AD}",
    ]
}
