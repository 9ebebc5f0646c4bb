/// The body of `GET /api/v1/wikipedia/counts`: how many articles match a query in each of a few
/// other Wikipedias, so a page that found nothing can offer the reader's other languages.
///
/// ```json
/// {"query":"Zürich","counts":[{"lang":"de","found":12,"more":false},{"lang":"fr","found":20,"more":true}]}
/// ```
public struct LanguageCountsResponseBody: Codable, Sendable, Equatable {
    /// One language's count.
    public struct Count: Codable, Sendable, Equatable {
        /// The Wikipedia's code (`de`).
        public let lang: String
        /// Articles found by the first page of that search; null when the Wikipedia did not
        /// answer.
        @ExplicitNull public var found: Int?
        /// True when there are more than `found` (the first page was full).
        public let more: Bool

        public init(lang: String, found: Int?, more: Bool) {
            self.lang = lang
            self.found = found
            self.more = more
        }
    }

    /// The query as the server normalized it: what each Wikipedia was asked.
    public let query: String
    /// One entry a language asked, in the order asked.
    public let counts: [Count]

    public init(query: String, counts: [Count]) {
        self.query = query
        self.counts = counts
    }
}
