/// A part of a text: from `start` up to (not including) `end`, in UTF-16 code units, as
/// JavaScript strings and the JSON API count.
///
/// ```swift
/// TextSpan(start: 0, end: 5)   // "Mocki" of "Mockingjay"
/// ```
public struct TextSpan: Codable, Sendable, Hashable {
    public let start: Int
    public let end: Int

    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }
}
