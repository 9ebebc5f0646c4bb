/// A text cut at its `{name}` placeholders, so a renderer can put markup where a value goes
/// (a `<strong>` query, a link) and escape the rest: a sentence's word order is the
/// language's, never the code's.
///
/// ```swift
/// MessageTemplate.segments(of: "{count} results for {query}")
/// // [.value("count"), .text(" results for "), .value("query")]
/// ```
public enum MessageTemplate {
    public enum Segment: Sendable, Hashable {
        case text(String)
        case value(String)
    }

    /// `template` as text and placeholders, in order. A `{` not closed by `}` before another
    /// `{`, or holding anything but letters, digits and `_`, is text.
    public static func segments(of template: String) -> [Segment] {
        var segments: [Segment] = []
        var text = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            text += rest[..<open]
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                case let name = rest[afterOpen..<close], !name.isEmpty,
                name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            {
                if !text.isEmpty { segments.append(.text(text)) }
                text = ""
                segments.append(.value(String(name)))
                rest = rest[rest.index(after: close)...]
            } else {
                text += "{"
                rest = rest[afterOpen...]
            }
        }
        text += rest
        if !text.isEmpty { segments.append(.text(text)) }
        return segments
    }

    /// The placeholder names of `template`, in order.
    public static func names(in template: String) -> [String] {
        segments(of: template).compactMap { if case .value(let name) = $0 { name } else { nil } }
    }
}
