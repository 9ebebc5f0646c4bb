/// What one request to each route takes from its client's token bucket, in searches: the
/// bucket holds ``ScoutServerConfiguration/clientBurst`` of them and refills at
/// ``ScoutServerConfiguration/clientRequestsPerSecond`` (10/s, bursts of 30 by default).
///
/// A cost is what the route makes the server do, compared with a search of the catalog:
///
/// | route | cost | why |
/// |---|---|---|
/// | `/api/v1/search`, `/search` | 1 | the unit: a cache lookup, else an upstream or catalog search |
/// | `/api/v1/multisearch` | 1 per source asked | the searches `/api/v1/search` would make for its sources one by one, each through the same cache; taken from the fleet's bucket in a fleet, as a search's are |
/// | `/api/v1/books/search` | 1 | a ranked catalog search and a page of up to 50 books |
/// | `/api/v1/books/{id}/related` | 1 | a lookup and up to 50 related books |
/// | `/map` | 2 | a catalog search, then up to 50 related books, all in one reply |
/// | `/api/v1/books/{id}` | 0.5 | one lookup by key |
/// | `/img/…` | 0.05 | mostly a reply held in memory; each keystroke's results show 20–50 thumbnails, which must not cost more than the search that found them |
/// | `/`, `/static/…`, `/api/openapi.json`, `/api/v1/sources` | 0.1 | prepared bytes in memory |
///
/// `/healthz`, `/readyz` and `/metrics` cost nothing: load balancers and Prometheus ask them
/// from one address every few seconds, and they do no work a client could multiply.
enum RouteCost {
    static let search = 1.0
    static let bookSearch = 1.0
    static let relatedBooks = 1.0
    static let map = 2.0
    static let book = 0.5
    static let image = 0.05
    static let page = 0.1
}
