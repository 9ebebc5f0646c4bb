/// The parameters of a request's query string, decoded with HTML form rules and also kept raw.
///
/// A literal `+` decodes to a space and `%2B` to `+`, so the two are told apart; ``raw`` keeps
/// the bytes exactly as the client sent them.
///
/// ```swift
/// // GET /search?q=a%2Bb+c&lang=en
/// request.query["q"]      // "a+b c"
/// request.query.raw       // "q=a%2Bb+c&lang=en"
/// ```
public struct QueryParameters: Sendable, Equatable {
    /// One `name=value` pair.
    public struct Item: Sendable, Equatable {
        /// The decoded name.
        public let name: String
        /// The decoded value (empty when the pair had no `=`).
        public let value: String
        /// The value exactly as received, still percent-encoded.
        public let rawValue: String
    }

    /// The query string as received, without the leading `?`.
    public let raw: String
    /// Every pair in order, including repeated names.
    public let items: [Item]

    /// Parses a raw query string (without `?`).
    public init(raw: String) {
        self.raw = raw
        var items: [Item] = []
        for pair in raw.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: UInt8(ascii: "="))
            let rawName = pair[pair.startIndex..<(equals ?? pair.endIndex)]
            let rawValue = equals.map { pair[pair.index(after: $0)...] } ?? pair[pair.endIndex...]
            items.append(
                Item(
                    name: Self.decodeForm(rawName),
                    value: Self.decodeForm(rawValue),
                    rawValue: String(decoding: rawValue, as: UTF8.self)
                ))
        }
        self.items = items
    }

    /// The first decoded value for `name`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Every decoded value for `name`, in order.
    public func values(for name: String) -> [String] {
        items.filter { $0.name == name }.map(\.value)
    }

    public var isEmpty: Bool { items.isEmpty }

    private static func decodeForm(_ bytes: Substring.UTF8View.SubSequence) -> String {
        let decoded = PercentDecoding.decode(bytes, plusAsSpace: true, strict: false) ?? Array(bytes)
        return String(decoding: decoded, as: UTF8.self)
    }
}
