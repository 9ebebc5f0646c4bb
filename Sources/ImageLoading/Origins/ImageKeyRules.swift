/// What a valid key looks like on one image host, beyond the rules every key obeys (see
/// ``ImageOrigin/url(for:)``): the shape of its path segments, and which query parameters of
/// an upstream URL may be dropped because they do not change the image.
///
/// ```swift
/// let rules = ImageKeyRules(ignoredQueryPrefixes: ["utm_"]) { segments in
///     segments.count == 2 && segments[1].hasSuffix(".png")
/// }
/// ```
public struct ImageKeyRules: Sendable {
    /// Query parameter name prefixes that ``ImageOrigin/key(for:)`` drops (tracking tags such as
    /// `utm_source`); a URL with any other query parameter has no key.
    public let ignoredQueryPrefixes: [String]
    /// Whether the decoded path segments have the shape of an image path on this host.
    public let isPlausible: @Sendable ([Substring]) -> Bool

    /// Creates rules from a shape test and the query prefixes to drop.
    ///
    /// ```swift
    /// ImageKeyRules { segments in segments.last?.hasSuffix(".jpg") == true }
    /// ```
    public init(ignoredQueryPrefixes: [String] = [], isPlausible: @escaping @Sendable ([Substring]) -> Bool) {
        self.ignoredQueryPrefixes = ignoredQueryPrefixes
        self.isPlausible = isPlausible
    }

    /// The file name extensions of the formats Scout serves, lower-cased.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "gif", "webp"]

    /// Whether `name` ends in one of ``imageExtensions`` (any case) after a non-empty stem.
    ///
    /// ```swift
    /// ImageKeyRules.hasImageExtension("120px-Zurich.JPG")   // true
    /// ```
    public static func hasImageExtension(_ name: some StringProtocol) -> Bool {
        guard let dot = lastDot(in: name), dot > name.startIndex else { return false }
        return imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// `name.lastIndex(of: ".")`: in ASCII every byte is a character, so the last `.` byte;
    /// other text is searched by characters.
    private static func lastDot(in name: some StringProtocol) -> String.Index? {
        var dot: String.Index?
        let bytes = name.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x80 { return name.lastIndex(of: ".") }
            if byte == UInt8(ascii: ".") { dot = index }
            bytes.formIndex(after: &index)
        }
        return dot
    }
}
