import Synchronization

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
    /// The pairs, parsed on first use: a cached reply is often found by ``raw`` alone, and
    /// parsing every request's query showed as a tenth of a cached search's CPU.
    private let parsed: ParsedItems?

    /// Every pair in order, including repeated names.
    public var items: [Item] { parsed?.items(of: raw) ?? [] }

    /// Keeps a raw query string (without `?`); its pairs are parsed when first asked for.
    public init(raw: String) {
        self.raw = raw
        parsed = raw.isEmpty ? nil : ParsedItems()
    }

    /// Queries are equal when their raw strings are: the pairs follow from them.
    public static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool { lhs.raw == rhs.raw }

    /// The pairs of `raw`, decoded with HTML form rules.
    static func parse(_ raw: String) -> [Item] {
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
        return items
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

/// The pairs of one query string, parsed once when first asked for, from any thread.
private final class ParsedItems: Sendable {
    private let items = Mutex<[QueryParameters.Item]?>(nil)

    func items(of raw: String) -> [QueryParameters.Item] {
        if let known = items.withLock({ $0 }) { return known }
        let parsed = QueryParameters.parse(raw)
        items.withLock { $0 = parsed }
        return parsed
    }
}
