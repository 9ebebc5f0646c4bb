import BookCatalog
import Foundation
import ScoutTestSupport

/// `GET /map?q=` latencies over HTTP from a release `scout serve` on the given catalog: one
/// keep-alive connection, 2000 requests for titles as the RecommendBook app sends them.
enum MapLatency {
    static func measure(database: String, books: [Book]) async throws -> [Duration] {
        let server = try ScoutServe(threads: 2, extraArguments: ["--database", database])
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let step = max(books.count / 2000, 1)
        let titles = stride(from: 0, to: books.count, by: step).map { books[$0].title }
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        for (index, title) in titles.enumerated() {
            let query = title.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            var status = 0
            let elapsed = try await clock.measure { status = try await connection.get("/map?q=\(query)").status }
            guard status == 200 else { throw BenchmarkFailure("GET /map answered \(status) for title \(index)") }
            if index >= 100 { latencies.append(elapsed) }
        }
        return latencies
    }
}

/// A benchmark that could not measure what it set out to.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
