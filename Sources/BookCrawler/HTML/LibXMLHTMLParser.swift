import CLibXML2
import Foundation

/// Parses HTML with libxml2 and copies the tree into ``HTMLElement`` values; the only code that
/// touches libxml2. Every C document is freed before ``parse(_:url:charset:)`` returns.
enum LibXMLHTMLParser {
    /// Deeper nesting than this is cut off: real pages stay far below it, and a hostile page must
    /// not be able to exhaust the stack of the recursive copy.
    static let maxDepth = 256

    /// libxml2 wants `xmlInitParser()` once per process before it is used from several threads.
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// The tree of `data` under a `#document` element; empty when nothing could be parsed.
    static func parse(_ data: Data, url: URL, charset: String?) -> HTMLElement {
        precondition(initialized)
        guard !data.isEmpty, data.count < Int(Int32.max) else { return HTMLElement(name: "#document") }
        let encoding = charset.flatMap(sanitized)
        return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> HTMLElement in
            let buffer = bytes.bindMemory(to: CChar.self).baseAddress
            let options = scout_html_parse_options()
            // An encoding libxml2 does not know makes it give up; reading without one still works.
            guard
                let document = htmlReadMemory(buffer, Int32(bytes.count), url.absoluteString, encoding, options)
                    ?? htmlReadMemory(buffer, Int32(bytes.count), url.absoluteString, nil, options)
            else { return HTMLElement(name: "#document") }
            defer { xmlFreeDoc(document) }
            return HTMLElement(name: "#document", children: nodes(from: document.pointee.children, depth: 0))
        }
    }

    /// The sibling list starting at `first`, as values.
    private static func nodes(from first: xmlNodePtr?, depth: Int) -> [HTMLNode] {
        var nodes: [HTMLNode] = []
        var cursor = first
        while let node = cursor {
            cursor = node.pointee.next
            switch node.pointee.type {
            case XML_ELEMENT_NODE where depth < maxDepth:
                nodes.append(.element(element(from: node, depth: depth)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                // Script bodies arrive as CDATA, ordinary text as text nodes.
                if let content = node.pointee.content { nodes.append(.text(String(cString: content))) }
            default:
                break  // comments, processing instructions, the doctype
            }
        }
        return nodes
    }

    private static func element(from node: xmlNodePtr, depth: Int) -> HTMLElement {
        let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
        var attributes: [String: String] = [:]
        var attribute = node.pointee.properties
        while let current = attribute {
            attribute = current.pointee.next
            guard let rawName = current.pointee.name else { continue }
            let key = String(cString: rawName).lowercased()
            guard attributes[key] == nil else { continue }
            attributes[key] = text(of: current.pointee.children)
        }
        return HTMLElement(
            name: name, attributes: attributes, children: nodes(from: node.pointee.children, depth: depth + 1))
    }

    /// An attribute's value: the concatenated content of its text children.
    private static func text(of first: xmlNodePtr?) -> String {
        var value = ""
        var cursor = first
        while let node = cursor {
            cursor = node.pointee.next
            if let content = node.pointee.content { value += String(cString: content) }
        }
        return value
    }

    /// A charset name as libxml2 may see it: a short run of letters, digits, `-`, `_`, `.`, `:`.
    private static func sanitized(_ charset: String) -> String? {
        let trimmed = charset.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        let allowed = trimmed.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.:".unicodeScalars.contains($0))
        }
        return allowed && !trimmed.isEmpty && trimmed.count <= 40 ? trimmed : nil
    }
}
