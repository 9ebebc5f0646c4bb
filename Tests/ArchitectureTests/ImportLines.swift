/// The modules a Swift file imports, read from its `import` declarations: `import X`,
/// `@testable import X`, `@_exported import X`, `internal import X`, `import struct X.Y` (module
/// `X`), and imports inside `#if canImport(X)` blocks, which the module needs where it compiles.
/// A line that only looks like one, in a comment or a string literal (a command's usage text
/// reads "import goodbooks"), is not an import.
enum ImportLines {
    static func modules(in source: String) -> Set<String> {
        let code = CodeOnly(source).text
        return Set(code.split(separator: "\n").compactMap(importedModule))
    }

    private static let modifiers: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    private static let kinds: Set<Substring> = [
        "struct", "class", "enum", "protocol", "typealias", "func", "var", "let", "actor",
    ]

    /// `X` for a line that declares an import of `X` or of a symbol or submodule in it.
    static func importedModule(_ line: Substring) -> String? {
        var words = line.split(whereSeparator: \.isWhitespace)[...]
        while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) { words.removeFirst() }
        guard words.popFirst() == "import", var path = words.popFirst() else { return nil }
        if kinds.contains(path), let symbol = words.popFirst() { path = symbol }
        return path.split(separator: ".").first.map(String.init)
    }
}

/// A Swift source with its comments and the insides of its string literals blanked out, line
/// breaks kept, so what is left on each line is code. Interpolations stay code.
private struct CodeOnly {
    private static let tripleQuote = "\"\"\""
    private var bytes: [UInt8]
    private var index = 0

    init(_ source: String) {
        bytes = Array(source.utf8)
        walkCode(until: nil)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Walks code up to the `)` that closes an interpolation (`closer`), or to the end.
    private mutating func walkCode(until closer: UInt8?) {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "/") where next(is: "/"):
                let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
                blank(upTo: end)
            case UInt8(ascii: "/") where next(is: "*"):
                skipBlockComment()
            case UInt8(ascii: "\""):
                skipString()
            case UInt8(ascii: "#") where startsRawString:
                skipString()
            case UInt8(ascii: "("):
                depth += 1
                index += 1
            case UInt8(ascii: ")"):
                if depth == 0, closer != nil {
                    index += 1
                    return
                }
                depth -= 1
                index += 1
            default:
                index += 1
            }
        }
    }

    private var startsRawString: Bool {
        let hashes = bytes[index...].prefix { $0 == UInt8(ascii: "#") }.count
        return index + hashes < bytes.count && bytes[index + hashes] == UInt8(ascii: "\"")
    }

    private mutating func skipString() {
        let hashes = bytes[index...].prefix { $0 == UInt8(ascii: "#") }.count
        index += hashes
        let isMultiline = starts(with: Self.tripleQuote)
        let quote = isMultiline ? Self.tripleQuote : "\""
        let close = Array(quote.utf8) + Array(repeating: UInt8(ascii: "#"), count: hashes)
        index += quote.utf8.count
        while index < bytes.count {
            if starts(with: close) {
                index += close.count
                return
            }
            if bytes[index] == UInt8(ascii: "\\"),
                bytes[(index + 1)...].prefix(hashes).allSatisfy({ $0 == UInt8(ascii: "#") })
            {
                let after = index + 1 + hashes
                if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                    index = after + 1
                    walkCode(until: UInt8(ascii: ")"))
                    continue
                }
                blank(upTo: min(after + 1, bytes.count))
                continue
            }
            if bytes[index] == UInt8(ascii: "\n"), !isMultiline { return }
            blank(upTo: index + 1)
        }
    }

    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if starts(with: "/*") {
                depth += 1
                blank(upTo: index + 2)
            } else if starts(with: "*/") {
                depth -= 1
                blank(upTo: index + 2)
                if depth == 0 { return }
            } else {
                blank(upTo: index + 1)
            }
        }
    }

    /// Spaces over the bytes from `index` to `end` (line breaks kept); `index` moves to `end`.
    private mutating func blank(upTo end: Int) {
        while index < end {
            if bytes[index] != UInt8(ascii: "\n") { bytes[index] = UInt8(ascii: " ") }
            index += 1
        }
    }

    private func next(is character: Unicode.Scalar) -> Bool {
        index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: character)
    }

    private func starts(with text: String) -> Bool { starts(with: Array(text.utf8)) }

    private func starts(with pattern: [UInt8]) -> Bool {
        index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }
}
