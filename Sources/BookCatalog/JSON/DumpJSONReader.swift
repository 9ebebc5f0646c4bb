import Foundation

/// A cursor over one JSON text that validates as it goes and skips what its caller does not ask
/// for without allocating: the Open Library and JSON Lines importers' replacement for
/// `JSONDecoder`, several times faster because it never builds a tree of the whole record. It accepts exactly the texts Foundation's
/// decoder accepted (a trailing comma, a number token such as `01` or `1.` that only fails when
/// read, raw control characters in strings), so a line it refuses was refused before.
///
/// Bounded: no container deeper than `maxDepth`, no recursion deeper than that, nothing kept but
/// one scratch buffer for unescaping (at most the text's length). Strings and keys are judged
/// only when read, as the decoder judged them: an invalid escape, an unpaired surrogate, a raw
/// control character or invalid UTF-8 makes that one value unreadable (the field is dropped, not
/// mended with U+FFFD), or the object whose keys were being read (the whole record, for a
/// top-level key).
///
/// ```swift
/// var reader = DumpJSONReader(buffer, maxDepth: 16)
/// try reader.open()   // at `{`
/// ```
struct DumpJSONReader {
    /// Why reading stopped: the text is not JSON, or nests deeper than `maxDepth`.
    enum Stop: Error { case invalid, tooDeep }

    /// The content of a string between its quotes.
    struct Span {
        var start: Int
        var end: Int
        var hasEscapes: Bool
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0
    private let maxDepth: Int
    private var scratch: [UInt8] = []
    /// Whether a `\u` escape was not followed by four hex digits: the decoder skipped four bytes
    /// there whatever they were, ``JSONNesting`` one, so the two may disagree on where strings end.
    private(set) var hasOddEscape = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        // The decoder skipped a UTF-8 byte order mark.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// Whether only whitespace is left.
    mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// The next byte after whitespace, not consumed; `nil` at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Enters the object or array at the cursor (which ``peek()`` showed to be `{` or `[`).
    mutating func open() throws(Stop) {
        depth += 1
        guard depth <= maxDepth else { throw .tooDeep }
        position += 1
    }

    /// Whether the container entered by ``open()`` has another entry; consumes the comma before
    /// it, or the `closing` bracket (and then leaves the container). A trailing comma is allowed.
    mutating func hasNext(closing: UInt8, isFirst: Bool) throws(Stop) -> Bool {
        guard let byte = peek() else { throw .invalid }
        if byte == closing {
            position += 1
            depth -= 1
            return false
        }
        if isFirst { return true }
        guard byte == Byte.comma else { throw .invalid }
        position += 1
        guard peek() == closing else { return true }
        position += 1
        depth -= 1
        return false
    }

    /// An object's next key and the colon after it. Its bytes are judged only if it is read
    /// (``withUnescaped(_:_:)``): the decoder did not judge the keys of objects it skipped.
    mutating func key() throws(Stop) -> Span {
        guard peek() == Byte.quote else { throw .invalid }
        let span = try string()
        guard peek() == Byte.colon else { throw .invalid }
        position += 1
        return span
    }

    /// Reads an object, handing `body` each member whose key `field` names, the first time that
    /// key comes (a later repeat is skipped, as the decoder kept the first); members of other keys
    /// are skipped. Returns the fields seen, each as the bit of its raw value (below 32). A key
    /// that cannot be unescaped refuses the object: the decoder read every key of an object it
    /// decoded.
    mutating func readFirstMembers<Field: RawRepresentable<Int>>(
        naming field: (UnsafeBufferPointer<UInt8>) -> Field?,
        _ body: (Field, inout DumpJSONReader) throws(Stop) -> Void
    ) throws(Stop) -> UInt32 {
        try open()
        var seen: UInt32 = 0
        var isFirst = true
        while try hasNext(closing: Byte.closeBrace, isFirst: isFirst) {
            isFirst = false
            let name = try key()
            guard let found = withUnescaped(name, field) else { throw .invalid }
            guard let found, seen & (1 << found.rawValue) == 0 else {
                try skipValue()
                continue
            }
            seen |= 1 << found.rawValue
            try body(found, &self)
        }
        return seen
    }

    /// Calls `body` with `span`'s bytes after unescaping, valid UTF-8; `nil` when an escape is
    /// invalid, a surrogate unpaired, a raw control character or invalid UTF-8 is there — what
    /// made the decoder refuse a string value or a key it read.
    mutating func withUnescaped<R>(_ span: Span, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        let raw = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        var isASCII = true
        for byte in raw {
            if byte < 0x20 { return nil }
            if byte >= 0x80 { isASCII = false }
        }
        guard span.hasEscapes else {
            guard isASCII || Self.isUTF8(raw) else { return nil }
            return body(raw)
        }
        guard unescape(span) else { return nil }
        return scratch.withUnsafeBufferPointer { unescaped in Self.isUTF8(unescaped) ? body(unescaped) : nil }
    }

    private static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// The string at the cursor (``peek()`` showed `"`), scanned as the decoder scanned it: a
    /// backslash hides the byte after it, `\u` the four after that, which must not end the string.
    mutating func string() throws(Stop) -> Span {
        var index = position + 1
        var hasEscapes = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Byte.quote {
                defer { position = index + 1 }
                return Span(start: position + 1, end: index, hasEscapes: hasEscapes)
            }
            guard byte == Byte.backslash else {
                index += 1
                continue
            }
            hasEscapes = true
            guard index + 1 < bytes.count else { throw .invalid }
            guard bytes[index + 1] == Byte.u else {
                index += 2
                continue
            }
            // The decoder wanted four bytes after `\u` before the closing quote, hex or not.
            guard index + 6 <= bytes.count, !bytes[index + 2..<index + 6].contains(Byte.quote) else { throw .invalid }
            if hex(at: index + 2) == nil { hasOddEscape = true }
            index += 6
        }
        throw .invalid
    }

    /// The text of `span`; `nil` when ``withUnescaped(_:_:)`` finds it unreadable.
    mutating func text(_ span: Span) -> String? {
        withUnescaped(span) { String(decoding: $0, as: UTF8.self) }
    }

    /// The number token at the cursor (``peek()`` showed `-` or a digit): the decoder took any run
    /// of digits, `.`, `e`, `E`, `+` and `-`, and judged it only when it was read.
    mutating func number() -> Span {
        let start = position
        while position < bytes.count {
            switch bytes[position] {
            case 0x30...0x39, Byte.dot, Byte.minus, Byte.plus, UInt8(ascii: "e"), UInt8(ascii: "E"): position += 1
            default: return Span(start: start, end: position, hasEscapes: false)
            }
        }
        return Span(start: start, end: position, hasEscapes: false)
    }

    /// The integer `span` is, as the decoder read an `Int`: plain digits here, anything else
    /// (`1.0`, `1e3`, never seen in a dump) by Foundation itself so it means what it meant.
    func integer(_ span: Span) -> Int? {
        var index = span.start
        let isNegative = bytes[index] == Byte.minus
        if isNegative { index += 1 }
        let digits = span.end - index
        let isPlain =
            (1...18).contains(digits) && (digits == 1 || bytes[index] != 0x30)
            && bytes[index..<span.end].allSatisfy { (0x30...0x39).contains($0) }
        guard isPlain else { return try? JSONDecoder().decode(Int.self, from: Data(bytes[span.start..<span.end])) }
        let value = bytes[index..<span.end].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return isNegative ? -value : value
    }

    /// The integer `span` is when it is plain (an optional minus, 1 to 18 digits, no leading zero,
    /// not `-0`), which every reader reads alike; `nil` for any other token, whose meaning is left
    /// to the caller.
    func plainInteger(_ span: Span) -> Int? {
        var index = span.start
        let isNegative = index < span.end && bytes[index] == Byte.minus
        if isNegative { index += 1 }
        let digits = span.end - index
        guard (1...18).contains(digits), digits == 1 || bytes[index] != 0x30,
            bytes[index..<span.end].allSatisfy({ (0x30...0x39).contains($0) })
        else { return nil }
        let value = bytes[index..<span.end].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        guard !(isNegative && value == 0) else { return nil }
        return isNegative ? -value : value
    }

    /// The number `span` is when it follows JSON's grammar (`-?(0|[1-9][0-9]*)(.[0-9]+)?
    /// ([eE][+-]?[0-9]+)?`), at most 64 bytes, and is zero or a normal `Double` (rounded as the C
    /// library rounds); `nil` for any other token, or one that overflows or underflows (the
    /// decoder refused `1e-400`), whose meaning is left to the caller.
    func finiteDouble(_ span: Span) -> Double? {
        guard span.end - span.start <= 64, isNumberGrammar(span) else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[span.start..<span.end])
        guard let value = Double(String(decoding: raw, as: UTF8.self)), value.isFinite else { return nil }
        guard value == 0 else { return value.isNormal ? value : nil }
        // A zero from digits that are not all zero underflowed.
        let mantissa = raw.prefix { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") }
        return mantissa.contains { (0x31...0x39).contains($0) } ? nil : value
    }

    private func isNumberGrammar(_ span: Span) -> Bool {
        var index = span.start
        func digits() -> Int {
            let start = index
            while index < span.end, (0x30...0x39).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if index < span.end, bytes[index] == Byte.minus { index += 1 }
        guard index < span.end else { return false }
        if bytes[index] == 0x30 {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < span.end, bytes[index] == Byte.dot {
            index += 1
            guard digits() > 0 else { return false }
        }
        if index < span.end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < span.end, bytes[index] == Byte.plus || bytes[index] == Byte.minus { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == span.end
    }

    /// Skips the value at the cursor, validating it.
    mutating func skipValue() throws(Stop) {
        guard let byte = peek() else { throw .invalid }
        switch byte {
        case Byte.quote: _ = try string()
        case Byte.openBrace:
            try open()
            var isFirst = true
            while try hasNext(closing: Byte.closeBrace, isFirst: isFirst) {
                isFirst = false
                _ = try key()
                try skipValue()
            }
        case Byte.openBracket:
            try open()
            var isFirst = true
            while try hasNext(closing: Byte.closeBracket, isFirst: isFirst) {
                isFirst = false
                try skipValue()
            }
        case Byte.minus, 0x30...0x39: _ = number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw .invalid
        }
    }

    private mutating func literal(_ word: StaticString) throws(Stop) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            UnsafeBufferPointer(rebasing: bytes[position..<position + count])
                .elementsEqual(UnsafeBufferPointer(start: word.utf8Start, count: count))
        else { throw .invalid }
        position += count
    }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// The four hex digits at `index` as a number.
    private func hex(at index: Int) -> UInt32? {
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// `span` unescaped into `scratch`; `false` for an unknown escape or an unpaired surrogate.
    private mutating func unescape(_ span: Span) -> Bool {
        scratch.removeAll(keepingCapacity: true)
        var index = span.start
        while index < span.end {
            let byte = bytes[index]
            guard byte == Byte.backslash else {
                scratch.append(byte)
                index += 1
                continue
            }
            let escape = bytes[index + 1]
            index += 2
            switch escape {
            case Byte.quote, Byte.backslash, UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case Byte.u:
                guard let unit = hex(at: index) else { return false }
                index += 4
                var value = unit
                if (0xD800...0xDBFF).contains(unit) {
                    guard index + 6 <= span.end, bytes[index] == Byte.backslash, bytes[index + 1] == Byte.u,
                        let low = hex(at: index + 2), (0xDC00...0xDFFF).contains(low)
                    else { return false }
                    index += 6
                    value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { return false }
                UTF8.encode(scalar) { scratch.append($0) }
            default: return false
            }
        }
        return true
    }

    enum Byte {
        static let quote = UInt8(ascii: "\"")
        static let backslash = UInt8(ascii: "\\")
        static let colon = UInt8(ascii: ":")
        static let comma = UInt8(ascii: ",")
        static let dot = UInt8(ascii: ".")
        static let minus = UInt8(ascii: "-")
        static let plus = UInt8(ascii: "+")
        static let u = UInt8(ascii: "u")
        static let openBrace = UInt8(ascii: "{")
        static let closeBrace = UInt8(ascii: "}")
        static let openBracket = UInt8(ascii: "[")
        static let closeBracket = UInt8(ascii: "]")
    }
}
