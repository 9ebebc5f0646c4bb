import BookCatalog

/// A book's series memberships as both stores keep them, a JSON array of objects
/// (`[{"name":"Harry Potter","number":5.0,"part":"Part 1"}]`, absent fields left out), written
/// and read by hand for the reason ``JSONStringArray`` is: a search reads dozens of rows.
///
/// ```swift
/// JSONSeriesList.encode([SeriesMembership(name: "Harry Potter", number: 1, lastNumber: 7)])
/// // #"[{"name":"Harry Potter","number":1.0,"lastNumber":7.0}]"#
/// JSONSeriesList.decode(#"[{"name": "Dune", "number": 1}]"#)  // [SeriesMembership(name: "Dune", number: 1)]
/// ```
enum JSONSeriesList {
    /// `memberships` as a compact JSON array; a number that is not finite is left out, as JSON
    /// has no way to write it.
    static func encode(_ memberships: [SeriesMembership]) -> String {
        let objects = memberships.map { membership in
            var fields = [#""name":"# + string(membership.name)]
            if let number = membership.number, number.isFinite { fields.append(#""number":\#(number)"#) }
            if let last = membership.lastNumber, last.isFinite { fields.append(#""lastNumber":\#(last)"#) }
            if let part = membership.part { fields.append(#""part":"# + string(part)) }
            return "{" + fields.joined(separator: ",") + "}"
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// The memberships of a JSON array as ``encode(_:)`` writes it, with any white space, key
    /// order and `null` for absent fields (PostgreSQL's `jsonb` prints it so); nil for anything
    /// else, such as an object without a name or with a key it does not know.
    static func decode(_ json: String) -> [SeriesMembership]? {
        if json == "[]" { return [] }
        var reader = JSONStringArray.Reader(Array(json.utf8))
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var memberships: [SeriesMembership] = []
        reader.skipSpace()
        if reader.take(UInt8(ascii: "]")) {
            reader.skipSpace()
            return reader.isAtEnd ? memberships : nil
        }
        repeat {
            reader.skipSpace()
            guard let membership = reader.membership() else { return nil }
            memberships.append(membership)
            reader.skipSpace()
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")) else { return nil }
        reader.skipSpace()
        return reader.isAtEnd ? memberships : nil
    }

    /// `text` as a JSON string literal, quotes included.
    private static func string(_ text: String) -> String {
        let array = JSONStringArray.encode([text])
        return String(array.dropFirst().dropLast())
    }
}

extension JSONStringArray.Reader {
    /// One membership object; nil when it is not one.
    fileprivate mutating func membership() -> SeriesMembership? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var name: String?
        var number: Double?
        var lastNumber: Double?
        var part: String?
        skipSpace()
        if !take(UInt8(ascii: "}")) {
            repeat {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipSpace()
                switch key {
                case "name":
                    name = string()
                case "number":
                    guard let value = nullOr({ $0.number() }) else { return nil }
                    number = value
                case "lastNumber":
                    guard let value = nullOr({ $0.number() }) else { return nil }
                    lastNumber = value
                case "part":
                    guard let value = nullOr({ $0.string() }) else { return nil }
                    part = value
                default:
                    return nil
                }
                skipSpace()
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
        }
        guard let name else { return nil }
        return SeriesMembership(name: name, number: number, lastNumber: lastNumber, part: part)
    }

    private static let null = Array("null".utf8)
    private static let numberBytes = Set("+-0123456789.eE".utf8)

    /// `.some(nil)` for a JSON `null`, `.some(value)` for what `read` reads, nil for neither.
    private mutating func nullOr<T>(_ read: (inout Self) -> T?) -> T?? {
        if bytes[index...].starts(with: Self.null) {
            index += Self.null.count
            return .some(nil)
        }
        return read(&self).map { .some($0) }
    }

    /// A JSON number (sign, digits, fraction, exponent) as a `Double`.
    private mutating func number() -> Double? {
        let start = index
        while index < bytes.count, Self.numberBytes.contains(bytes[index]) { index += 1 }
        guard index > start, let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            return nil
        }
        return value
    }
}
