import Foundation
import HTTPServer
import ScoutServer
import ScoutTestSupport

/// Scout with every photo source behind a fake and the search clock, Commons' and Flickr's on
/// one `ManualClock`: a test holds a source back by its latency and passes the multisearch
/// deadline by advancing the clock. Wikipedia's fake answers at once, on the real clock.
struct MultisearchHarness {
    let wikipedia: FakeWikipedia
    let commons: FakeCommons
    let flickr: FakeFlickr
    let clock: ManualClock
    let port: UInt16

    static let pages: [FakeWikipedia.Page] = [
        .init(pageID: 1, title: "Hut", description: "small dwelling"),
        .init(pageID: 2, title: "Hut 9", description: "a building at Bletchley Park"),
    ]

    /// The deadline the harness gives `/api/v1/multisearch`; upstream calls get far longer, so
    /// a source held back on the manual clock is the stream's to give up on, never its client's.
    static let deadline = Duration.seconds(5)

    /// Waits until timers end at each of `offsets` from the start on the app's clock (the stream's
    /// deadline at ``deadline``, a fake's reply at its latency): the clock also times the app's
    /// upstream calls and their deadlines, so a count of sleepers says less than which are there.
    func waitForTimers(at offsets: Duration...) async -> Bool {
        let instants = offsets.map { ManualClock.Instant(offset: $0) }
        return await eventually {
            let pending = clock.pendingDeadlines
            return instants.allSatisfy(pending.contains)
        }
    }

    static func run<T>(
        flickrKey: String? = FakeFlickr.defaultAPIKey,
        configure: @escaping (inout ScoutServerConfiguration) -> Void = { _ in },
        _ body: (MultisearchHarness) async throws -> T
    ) async throws -> T {
        let clock = ManualClock()
        return try await withFakeCommons(files: PhotoFixtures.files(3), clock: clock) { commons in
            try await withFakeFlickr(photos: PhotoFixtures.photos(3), clock: clock) { flickr in
                try await withScoutApp(
                    pages: pages,
                    configure: { configuration in
                        configuration.usePhotoFakes(commons: commons, flickr: flickr, flickrKey: flickrKey)
                        configuration.clock = clock
                        configuration.upstreamDeadline = .seconds(60)
                        configuration.multisearchDeadline = deadline
                        configure(&configuration)
                    }
                ) { wikipedia, _, port in
                    try await body(
                        MultisearchHarness(
                            wikipedia: wikipedia, commons: commons, flickr: flickr, clock: clock, port: port))
                }
            }
        }
    }

    /// Upstream requests so far, of every fake.
    var upstreamRequests: Int { wikipedia.requests.count + commons.requests.count + flickr.requests.count }
}

/// A multisearch's reply read from the connection as it arrives: its head, then one line at a time.
struct MultisearchStream {
    let connection: RawHTTPConnection
    let status: Int
    let headers: HTTPHeaders
    private var buffer: [UInt8] = []

    /// Sends `GET target` on a new connection and reads the reply's head.
    init(port: UInt16, target: String) async throws {
        connection = try RawHTTPConnection(port: port)
        try await connection.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        (status, headers) = try await connection.readHead()
    }

    /// The next line, waiting for the server to write it; nil when the body is over.
    mutating func next() async throws -> JSONValue? {
        while true {
            if let end = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(buffer[..<end])
                buffer.removeFirst(end + 1)
                return try JSONDecoder().decode(JSONValue.self, from: Data(line))
            }
            guard let chunk = try await connection.readChunk() else {
                if !buffer.isEmpty { throw RawHTTPError.malformed("a line without its newline at the end") }
                return nil
            }
            buffer += chunk
        }
    }

    /// Every line left, until the body is over.
    mutating func rest() async throws -> [JSONValue] {
        var lines: [JSONValue] = []
        while let line = try await next() { lines.append(line) }
        return lines
    }
}

extension JSONValue {
    /// A search reply without the members that say how it was answered (`cached`, `tookMs`,
    /// `stale`), for comparing replies of one search made at different times.
    var withoutTiming: JSONValue {
        guard case .object(var members) = self else { return self }
        for name in ["cached", "tookMs", "stale"] { members[name] = nil }
        return .object(members)
    }
}
