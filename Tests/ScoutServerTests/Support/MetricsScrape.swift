import Foundation
import ScoutTestSupport
import Testing

/// One scrape of `/metrics`: its samples by `name{labels}`, and its histograms' consistency.
struct MetricsScrape {
    let text: String
    let samples: [String: Double]

    init(text: String) {
        self.text = text
        var samples: [String: Double] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else {
                continue
            }
            samples[String(line[..<space])] = value
        }
        self.samples = samples
    }

    /// Scrapes the server on `port` until `condition` holds (a request's own count lands a moment
    /// after its reply) or 10 s pass, and returns the last scrape.
    static func scrape(port: UInt16, until condition: (MetricsScrape) -> Bool = { _ in true }) async throws
        -> MetricsScrape
    {
        var last: MetricsScrape?
        _ = try await eventually(within: .seconds(10), pollingEvery: .milliseconds(20)) {
            let reply = try await RawHTTPConnection(port: port).get("/metrics")
            #expect(reply.status == 200)
            let scrape = MetricsScrape(text: reply.text)
            last = scrape
            return condition(scrape)
        }
        return try #require(last)
    }

    subscript(_ key: String) -> Double? { samples[key] }

    /// What is wrong with the histograms: a bucket holding fewer than the one below it, a `+Inf`
    /// bucket other than `_count`, a series with no `+Inf`, buckets out of order.
    var histogramProblems: [String] {
        var problems: [String] = []
        var series: [String: [(bound: Double, count: Double)]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let brace = line.firstIndex(of: "{"), line[..<brace].hasSuffix("_bucket"),
                let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]),
                let le = line.range(of: "le=\"")
            else { continue }
            let name = String(line[..<brace].dropLast("_bucket".count))
            let boundText = line[le.upperBound...].prefix { $0 != "\"" }
            let others = line[line.index(after: brace)..<le.lowerBound]
            let key = name + "{" + others.trimmingCharacters(in: CharacterSet(charactersIn: ",")) + "}"
            series[key, default: []].append((boundText == "+Inf" ? .infinity : Double(boundText) ?? .nan, value))
        }
        for (key, buckets) in series {
            if buckets.map(\.bound) != buckets.map(\.bound).sorted() { problems.append("\(key): bounds out of order") }
            if zip(buckets, buckets.dropFirst()).contains(where: { $0.count > $1.count }) {
                problems.append("\(key): a bucket holds fewer than the one below it")
            }
            let countKey = key.replacingOccurrences(of: "{", with: "_count{").replacingOccurrences(
                of: "_count{}", with: "_count")
            guard buckets.last?.bound == .infinity else {
                problems.append("\(key): no +Inf bucket")
                continue
            }
            if buckets.last?.count != samples[countKey] { problems.append("\(key): +Inf is not \(countKey)") }
        }
        if series.isEmpty { problems.append("no histogram at all") }
        return problems
    }
}
