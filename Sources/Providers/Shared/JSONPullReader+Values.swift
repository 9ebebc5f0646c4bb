/// The values upstream replies hold, read the way Scout's decoders want them.
extension JSONPullReader {
    /// A number without a fraction that fits an `Int` (`12`, `12.0` and `1.2e1` alike).
    mutating func readInt() throws -> Int {
        let text = try readNumberText()
        if let value = Int(text) { return value }
        guard let value = Double(text), value.rounded() == value, let integer = Int(exactly: value) else {
            throw mismatch("expected a whole number, found \(text)")
        }
        return integer
    }

    /// A number a `Double` holds: one too large for it (`1e400`, which `Double` reads as
    /// infinity) is refused, as Foundation refuses it.
    mutating func readDouble() throws -> Double {
        let text = try readNumberText()
        guard let value = Double(text), value.isFinite else { throw mismatch("expected a number, found \(text)") }
        return value
    }

    /// A whole number sent either as a number or as a string (`"total": "1234"`, as Flickr and
    /// MediaWiki's imageinfo sizes do).
    mutating func readFlexibleInt() throws -> Int {
        guard try peekKind() == .string else { return try readInt() }
        let text = try readString()
        guard let value = Int(text) else { throw mismatch("expected a whole number, found '\(text)'") }
        return value
    }

    /// An array's elements that `read` makes; an element it does not want (a ``Failure/mismatch``)
    /// is dropped, not the array (SECURITY.md T6).
    mutating func readLossyArray<T>(_ read: (inout JSONPullReader) throws -> T) throws -> [T] {
        var elements: [T] = []
        try readArray { reader in
            if let element = try reader.optional(read) { elements.append(element) }
        }
        return elements
    }

    /// An array whose every element `read` must make: one it does not want fails the array.
    mutating func readList<T>(_ read: (inout JSONPullReader) throws -> T) throws -> [T] {
        var elements: [T] = []
        try readArray { reader in elements.append(try read(&reader)) }
        return elements
    }

    /// Nil for `null`, else what `read` makes; a value `read` does not want fails, as for a
    /// field that must be of one kind when present.
    mutating func nullable<T>(_ read: (inout JSONPullReader) throws -> T) throws -> T? {
        try readNull() ? nil : try read(&self)
    }

    /// The value of a field `field` requires, or a ``Failure/mismatch`` naming it when absent.
    func required<T>(_ value: T?, _ field: StaticString) throws -> T {
        guard let value else { throw mismatch("missing '\(field)'") }
        return value
    }
}
