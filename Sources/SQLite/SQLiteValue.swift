import Foundation

/// One value SQLite can store or return: the five storage classes.
///
/// Parameters are always bound, never spliced into SQL text. Literals work directly:
///
/// ```swift
/// try await db.execute("INSERT INTO books (title, year, isbn) VALUES (?, ?, ?)", ["Dune", 1965, nil])
/// try await db.execute("UPDATE books SET title = ? WHERE id = ?", [SQLiteValue(title), SQLiteValue(id)])
/// ```
public enum SQLiteValue: Sendable, Hashable {
    /// SQL `NULL`.
    case null
    /// A 64-bit signed integer (also how `Bool` is stored: 0 or 1).
    case integer(Int64)
    /// A 64-bit IEEE floating point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Raw bytes.
    case blob([UInt8])

    /// Wraps an `Int`: `SQLiteValue(42)`.
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// Wraps an `Int64`: `SQLiteValue(Int64(42))`.
    public init(_ value: Int64) { self = .integer(value) }
    /// Wraps a `Double`: `SQLiteValue(4.5)`.
    public init(_ value: Double) { self = .real(value) }
    /// Wraps a `String`: `SQLiteValue("Dune")`.
    public init(_ value: String) { self = .text(value) }
    /// Wraps bytes: `SQLiteValue([0xFF, 0x00])`.
    public init(_ value: [UInt8]) { self = .blob(value) }
    /// Wraps `Data` as a blob: `SQLiteValue(Data(bytes))`.
    public init(_ value: Data) { self = .blob([UInt8](value)) }
    /// Wraps a `Bool` as the integer 1 or 0: `SQLiteValue(true)`.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }

    /// The integer, if this is `.integer`: `SQLiteValue(7).int64Value == 7`.
    public var int64Value: Int64? {
        if case .integer(let value) = self { value } else { nil }
    }

    /// The number, if this is `.real` or `.integer`: `SQLiteValue(2).doubleValue == 2.0`.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The text, if this is `.text`: `SQLiteValue("a").stringValue == "a"`.
    public var stringValue: String? {
        if case .text(let value) = self { value } else { nil }
    }

    /// The bytes, if this is `.blob`: `SQLiteValue([1]).bytesValue == [1]`.
    public var bytesValue: [UInt8]? {
        if case .blob(let value) = self { value } else { nil }
    }

    /// Whether this is SQL `NULL`: `SQLiteValue.null.isNull == true`.
    public var isNull: Bool { self == .null }
}

extension SQLiteValue: ExpressibleByNilLiteral {
    /// `nil` binds SQL `NULL`: `["Dune", nil]`.
    public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
    /// An integer literal binds an integer: `[42]`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
    /// A float literal binds a real: `[4.5]`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
    /// A string literal binds text: `["Dune"]`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
    /// A Boolean literal binds 1 or 0: `[true]`.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
