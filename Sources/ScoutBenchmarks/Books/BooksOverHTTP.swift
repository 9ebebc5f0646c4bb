import BookCatalog
import Foundation
import ScoutTestSupport

/// Book latencies over HTTP from a release `scout serve` on the given catalog, on one keep-alive
/// connection: `GET /map?q=` for titles as the RecommendBook app sends them, and
/// `GET /api/v1/books/search?q=` for what people type. The first 100 of each are a warm-up.
struct BooksOverHTTP {
    let map: [Duration]
    let search: [Duration]

    static func measure(database: String, titles: [String], typed: [String]) async throws -> BooksOverHTTP {
        let server = try ScoutServe(threads: 2, extraArguments: ["--database", database])
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        return BooksOverHTTP(
            map: try await latencies(of: titles.map { "/map?q=\(encoded($0))" }, on: connection),
            search: try await latencies(of: typed.map { "/api/v1/books/search?q=\(encoded($0))" }, on: connection))
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    private static func latencies(of targets: [String], on connection: RawHTTPConnection) async throws -> [Duration] {
        let clock = ContinuousClock()
        var latencies: [Duration] = []
        for (index, target) in targets.enumerated() {
            var status = 0
            let elapsed = try await clock.measure { status = try await connection.get(target).status }
            guard status == 200 else { throw BenchmarkFailure("GET \(target) answered \(status)") }
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
