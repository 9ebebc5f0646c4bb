/// A forward-only reader of one JSON document (RFC 8259) in bytes: a decoder asks for the
/// fields it wants, in the order they come, and skips the rest, without building a tree.
///
/// It exists for speed: Foundation's `JSONDecoder` spent about 700 µs of CPU on a 40-page
/// MediaWiki reply (11 KB) here, 39 % of an uncached search's server CPU (issue 12). It is as
/// strict as the RFC — trailing commas, leading zeros, bare control characters, trailing bytes
/// and nesting deeper than ``maxDepth`` are errors — so a malformed reply is still refused.
///
/// ```swift
/// var reader = JSONPullReader(bytes)
/// var title: String?
/// try reader.readDocument { reader in
///     try reader.readObject { reader, key in
///         if key == "title" { title = try reader.readString() } else { try reader.skipValue() }
///     }
/// }
/// ```
struct JSONPullReader {
    /// Why reading stopped. A ``mismatch`` is a well-formed value of the wrong kind (or an
    /// object without a field a decoder requires): ``optional(_:)`` recovers from it by
    /// skipping the value. A ``syntax`` error means the bytes are not JSON, and nothing recovers.
    enum Failure: Error, Equatable, CustomStringConvertible {
        case syntax(String, offset: Int)
        case mismatch(String, offset: Int)

        var description: String {
            switch self {
            case .syntax(let what, let offset): "not JSON at byte \(offset): \(what)"
            case .mismatch(let what, let offset): "unexpected value at byte \(offset): \(what)"
            }
        }
    }

    /// The kinds of JSON value, as the next byte tells them.
    enum Kind: Equatable { case object, array, string, number, bool, null }

    /// Deeper nesting is refused rather than followed (a hostile reply could exhaust the stack).
    static let maxDepth = 256

    private let bytes: [UInt8]
    private var offset = 0
    private var depth = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the document's one value with `read`, then requires nothing but whitespace after it.
    /// A UTF-8 byte order mark before it is passed over, as RFC 8259 allows; JSON in UTF-16 or
    /// UTF-32 is not read (the RFC asks for UTF-8 between systems, and every upstream sends it).
    mutating func readDocument<T>(_ read: (inout JSONPullReader) throws -> T) throws -> T {
        if offset == 0, bytes.starts(with: [0xEF, 0xBB, 0xBF]) { offset = 3 }
        let value = try read(&self)
        skipWhitespace()
        guard offset == bytes.count else { throw syntax("bytes after the document") }
        return value
    }

    /// The kind of the next value, without reading it.
    mutating func peekKind() throws -> Kind {
        skipWhitespace()
        guard offset < bytes.count else { throw syntax("the document ends where a value should be") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw syntax("a value cannot start with byte \(bytes[offset])")
        }
    }

    /// Reads an object, calling `field` with each key; `field` must read or skip its value.
    mutating func readObject(_ field: (inout JSONPullReader, String) throws -> Void) throws {
        try expect(.object)
        try enter()
        offset += 1
        skipWhitespace()
        if consume(UInt8(ascii: "}")) { return leave() }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw syntax("expected a key") }
            let key = try readStringToken()
            skipWhitespace()
            guard consume(UInt8(ascii: ":")) else { throw syntax("expected ':' after a key") }
            try field(&self, key)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "}")) { return leave() }
            throw syntax("expected ',' or '}' in an object")
        }
    }

    /// Reads an array, calling `element` for each element; `element` must read or skip it.
    mutating func readArray(_ element: (inout JSONPullReader) throws -> Void) throws {
        try expect(.array)
        try enter()
        offset += 1
        skipWhitespace()
        if consume(UInt8(ascii: "]")) { return leave() }
        while true {
            try element(&self)
            skipWhitespace()
            if consume(UInt8(ascii: ",")) { continue }
            if consume(UInt8(ascii: "]")) { return leave() }
            throw syntax("expected ',' or ']' in an array")
        }
    }

    mutating func readString() throws -> String {
        try expect(.string)
        return try readStringToken()
    }

    mutating func readBool() throws -> Bool {
        try expect(.bool)
        if try literal("true") { return true }
        _ = try literal("false")
        return false
    }

    /// The next number's text, checked against the RFC's grammar.
    mutating func readNumberText() throws -> Substring {
        try expect(.number)
        let start = offset
        _ = consume(UInt8(ascii: "-"))
        if consume(UInt8(ascii: "0")) {
            if offset < bytes.count, isDigit(bytes[offset]) { throw syntax("a number cannot have a leading zero") }
        } else {
            try digits()
        }
        if consume(UInt8(ascii: ".")) { try digits() }
        if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
            if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
            try digits()
        }
        return Substring(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// Consumes a `null` and returns true, or returns false and leaves a value of another kind.
    mutating func readNull() throws -> Bool {
        guard try peekKind() == .null else { return false }
        _ = try literal("null")
        return true
    }

    /// Reads past the next value, whatever it is, checking that it is well-formed.
    mutating func skipValue() throws {
        switch try peekKind() {
        case .object: try readObject { reader, _ in try reader.skipValue() }
        case .array: try readArray { reader in try reader.skipValue() }
        case .string: _ = try skipStringToken()
        case .number: _ = try readNumberText()
        case .bool: _ = try readBool()
        case .null: _ = try readNull()
        }
    }

    /// The value `read` makes, or nil when the next value is `null` or is not what `read` wants
    /// (a ``Failure/mismatch``): then the value is skipped whole and reading goes on after it.
    mutating func optional<T>(_ read: (inout JSONPullReader) throws -> T) throws -> T? {
        if try readNull() { return nil }
        let start = (offset, depth)
        do {
            return try read(&self)
        } catch Failure.mismatch {
            (offset, depth) = start
            try skipValue()
            return nil
        }
    }

    /// A ``Failure/mismatch`` at the current position, for decoders: `what` says what was wanted.
    func mismatch(_ what: String) -> Failure { .mismatch(what, offset: offset) }

    // MARK: - Tokens

    private mutating func expect(_ kind: Kind) throws {
        let found = try peekKind()
        guard found == kind else { throw mismatch("expected \(kind), found \(found)") }
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw syntax("nested deeper than \(Self.maxDepth) levels") }
    }

    private mutating func leave() { depth -= 1 }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    private mutating func consume(_ byte: UInt8) -> Bool {
        guard offset < bytes.count, bytes[offset] == byte else { return false }
        offset += 1
        return true
    }

    private mutating func literal(_ word: StaticString) throws -> Bool {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            offset + count <= bytes.count && bytes[offset..<offset + count].elementsEqual(expected)
        }
        guard matches else {
            if word.utf8Start.pointee == bytes[offset] { throw syntax("expected '\(word)'") }
            return false
        }
        offset += count
        return true
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func digits() throws {
        let start = offset
        while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        guard offset > start else { throw syntax("expected a digit") }
    }

    /// Reads the string token at `offset` (its opening quote), unescaping it.
    private mutating func readStringToken() throws -> String {
        let start = offset + 1
        if try skipStringToken() == false {
            return String(decoding: bytes[start..<offset - 1], as: UTF8.self)
        }
        return JSONStringEscapes.unescape(bytes[start..<offset - 1])
    }

    /// Moves past the string token at `offset`, checking it; returns whether it holds escapes.
    private mutating func skipStringToken() throws -> Bool {
        offset += 1
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return escaped
            }
            if byte < 0x20 { throw syntax("a control character inside a string") }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                offset += 1
                guard offset < bytes.count else { break }
                switch bytes[offset] {
                case UInt8(ascii: "u"):
                    guard offset + 4 < bytes.count, bytes[offset + 1...offset + 4].allSatisfy(\.isHexDigit) else {
                        throw syntax("\\u needs four hex digits")
                    }
                    offset += 4
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    break
                default: throw syntax("an unknown escape in a string")
                }
            }
            offset += 1
        }
        throw syntax("a string that never ends")
    }

    private func syntax(_ what: String) -> Failure { .syntax(what, offset: offset) }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
