/// The values of a route pattern's `:name` and `*name` segments, by name.
///
/// A route has a handful of them at most, so they are kept as slices of the request's path in
/// a list, not a dictionary: a hash table per request showed in profiles of the image route.
///
/// ```swift
/// router.add(.get, "/api/v1/books/:id") { request in
///     try await books.reply(for: request.pathParameters["id"] ?? "")
/// }
/// ```
public struct PathParameters: Sendable, ExpressibleByDictionaryLiteral {
    private var entries: [(name: String, value: Substring)]

    public init() { entries = [] }

    public init(dictionaryLiteral elements: (String, String)...) {
        entries = elements.map { ($0.0, Substring($0.1)) }
    }

    /// The value of the segment called `name`, or nil when the pattern has none.
    public subscript(name: String) -> String? {
        entries.first { $0.name == name }.map { String($0.value) }
    }

    mutating func append(_ name: String, _ value: Substring) {
        entries.append((name, value))
    }
}
