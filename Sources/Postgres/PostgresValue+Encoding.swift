/// How a ``PostgresValue`` travels: as text in PostgreSQL's input syntax, with a type OID (0 lets
/// the server infer the type from the statement, as it does for an untyped literal).
struct EncodedParameter {
    let text: String?
    let typeOID: UInt32
}

extension PostgresValue {
    /// The value in PostgreSQL's text input syntax. Throws for text holding NUL: libpq passes
    /// C strings, so NUL would silently cut the value short, and PostgreSQL text cannot store it.
    func encoded(position: Int) throws(PostgresError) -> EncodedParameter {
        switch self {
        case .null: return EncodedParameter(text: nil, typeOID: 0)
        case .bool(let value): return EncodedParameter(text: value ? "t" : "f", typeOID: 16)
        case .integer(let value): return EncodedParameter(text: String(value), typeOID: 20)
        case .real(let value): return EncodedParameter(text: Self.literal(value), typeOID: 701)
        case .text(let value): return EncodedParameter(text: try Self.checked(value, position), typeOID: 0)
        case .boolArray(let values):
            return EncodedParameter(text: Self.array(values.map { $0.map { $0 ? "t" : "f" } }), typeOID: 1000)
        case .integerArray(let values):
            return EncodedParameter(text: Self.array(values.map { $0.map { String($0) } }), typeOID: 1016)
        case .realArray(let values):
            return EncodedParameter(text: Self.array(values.map { $0.map(Self.literal) }), typeOID: 1022)
        case .textArray(let values):
            var elements: [String?] = []
            elements.reserveCapacity(values.count)
            for value in values {
                elements.append(try value.map { text throws(PostgresError) in try Self.checked(text, position) })
            }
            return EncodedParameter(text: Self.array(elements), typeOID: 1009)
        }
    }

    private static func checked(_ text: String, _ position: Int) throws(PostgresError) -> String {
        guard !text.utf8.contains(0) else {
            throw .misuse(
                "Parameter $\(position) holds a NUL character, which PostgreSQL text cannot store; remove it.")
        }
        return text
    }

    /// The shortest text that reads back as the same `Double`, in PostgreSQL's spelling of
    /// infinities and NaN.
    static func literal(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-Infinity" : "Infinity" }
        return "\(value)"
    }

    /// An array literal: `{"a","b\"c",NULL}`. Every element is quoted (with `\` and `"` escaped),
    /// so nothing in it can act as array syntax; `NULL` is the one unquoted word.
    static func array(_ elements: [String?]) -> String {
        var literal: [UInt8] = []
        literal.reserveCapacity(elements.reduce(2) { $0 + ($1?.utf8.count ?? 4) + 3 })
        literal.append(UInt8(ascii: "{"))
        for (index, element) in elements.enumerated() {
            if index > 0 { literal.append(UInt8(ascii: ",")) }
            guard let element else {
                literal.append(contentsOf: "NULL".utf8)
                continue
            }
            literal.append(UInt8(ascii: "\""))
            literal.appendEscaped(element, quote: UInt8(ascii: "\""))
            literal.append(UInt8(ascii: "\""))
        }
        literal.append(UInt8(ascii: "}"))
        return String(decoding: literal, as: UTF8.self)
    }
}
