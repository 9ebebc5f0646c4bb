/// Names a search source: `wikipedia`, `commons`, `flickr`, `books`.
///
/// ```swift
/// let source: SourceID = .wikipedia
/// source.rawValue   // "wikipedia"
/// ```
public struct SourceID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    public static let wikipedia: SourceID = "wikipedia"
    public static let commons: SourceID = "commons"
    public static let flickr: SourceID = "flickr"
    public static let books: SourceID = "books"

    public var description: String { rawValue }
}
