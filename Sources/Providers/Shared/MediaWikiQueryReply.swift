import Foundation

/// What every MediaWiki `action=query` reply Scout reads shares: a `query` and a `continue` of
/// the wiki's own shape, and the two error shapes. Conformers say how to read their two parts;
/// reading the whole reply, and turning an error shape into an ``APIError``, is done once here.
protocol MediaWikiQueryReply {
    associatedtype Query
    associatedtype Continue

    init()
    var query: Query? { get set }
    var `continue`: Continue? { get set }
    var error: WikipediaQueryResponse.ClassicError? { get set }
    var errors: [WikipediaQueryResponse.ModernError]? { get set }

    static func readQuery(_ reader: inout JSONPullReader) throws -> Query
    static func readContinue(_ reader: inout JSONPullReader) throws -> Continue
}

extension MediaWikiQueryReply {
    /// Reads a whole reply; MediaWiki's error shapes become ``APIError``s, bytes that are not
    /// such a reply a ``JSONPullReader/Failure``.
    static func decode(_ data: Data, source: String) throws -> Self {
        let reply = try Self(json: Array(data))
        try MediaWikiErrors.check(classic: reply.error, modern: reply.errors, source: source)
        return reply
    }

    /// Reads a whole reply. A malformed `query`, `continue` or error is a malformed reply;
    /// inside `query` the conformer drops malformed parts (SECURITY.md T6).
    init(json bytes: [UInt8]) throws {
        var reader = JSONPullReader(bytes)
        self = try reader.readDocument { reader in
            var reply = Self()
            try reader.readObject { reader, key in
                switch key {
                case "query": reply.query = try reader.nullable(Self.readQuery)
                case "continue": reply.continue = try reader.nullable(Self.readContinue)
                case "error":
                    reply.error = try reader.nullable(WikipediaQueryResponse.ClassicError.init(reading:))
                case "errors":
                    reply.errors = try reader.nullable {
                        try $0.readList(WikipediaQueryResponse.ModernError.init(reading:))
                    }
                default: try reader.skipValue()
                }
            }
            return reply
        }
    }
}
