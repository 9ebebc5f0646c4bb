import Foundation
import HTTPServer
import ScoutTestSupport
import Testing

@Suite("Request recording", .timeLimit(.minutes(10)))
struct RequestRecordingTests {
    @Test("raw query keeps a%2Bb and a+b apart; parameters are decoded")
    func rawQuery() async throws {
        try await withFakeWikipedia { fake throws in
            _ = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: "action=query&format=json&titles=a%2Bb"))
            _ = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: "action=query&format=json&titles=a+b"))
            let requests = fake.requests
            #expect(requests.count == 2)
            #expect(requests[0].rawQuery == "action=query&format=json&titles=a%2Bb")
            #expect(requests[1].rawQuery == "action=query&format=json&titles=a+b")
            #expect(requests[0].parameters["titles"] == "a+b")
            #expect(requests[1].parameters["titles"] == "a b")
            #expect(requests[0].parameterList.map(\.name) == ["action", "format", "titles"])
            #expect(requests[0].rawTarget == "/w/api.php?action=query&format=json&titles=a%2Bb")
        }
    }

    @Test("method, path, headers with User-Agent, sequence and arrival time are kept")
    func metadata() async throws {
        try await withFakeFlickr { fake throws in
            let before = ContinuousClock.now
            _ = try await HTTPClient.get(
                HTTPClient.url(fake.baseURL, query: "method=flickr.test.null"), userAgent: "Scout/0.1 (ops@example.org)"
            )
            _ = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: "method=flickr.test.null"))
            let requests = fake.requests
            #expect(requests.map(\.sequenceNumber) == [1, 2])
            #expect(requests[0].method == .get)
            #expect(requests[0].path == "/services/rest")
            #expect(requests[0].userAgent == "Scout/0.1 (ops@example.org)")
            #expect(requests[0].headers["user-agent"] == "Scout/0.1 (ops@example.org)")
            #expect(requests[1].userAgent == HTTPClient.userAgent)
            #expect(requests[0].arrivedAt >= before)
            #expect(requests[1].arrivedAt >= requests[0].arrivedAt)
        }
    }

    @Test("repeated parameters: the list keeps all, the dictionary the last (as PHP reads them)")
    func repeated() async throws {
        try await withFakeWikipedia { fake throws in
            _ = try await HTTPClient.get(
                HTTPClient.url(fake.baseURL, query: "action=query&list=a&list=search&format=json"))
            let request = try #require(fake.requests.first)
            #expect(request.query.values(for: "list") == ["a", "search"])
            #expect(request.parameters["list"] == "search")
        }
    }

    @Test("requests that fail by injection are recorded too; removeAll forgets them")
    func faultsAreRecorded() async throws {
        try await withFakeWikipedia { fake throws in
            fake.inject(.status(502), count: 1)
            _ = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: "action=query&format=json"))
            #expect(fake.requests.count == 1)
            fake.recorder.removeAll()
            #expect(fake.requests.isEmpty)
            _ = try await HTTPClient.get(HTTPClient.url(fake.baseURL, query: "action=query&format=json"))
            #expect(fake.requests.first?.sequenceNumber == 2)
        }
    }

    @Test("the recorder keeps the latest requests up to its capacity but counts them all")
    func capacity() async throws {
        let recorder = RequestRecorder(capacity: 3)
        for number in 1...5 { recorder.record(try Request(method: .get, rawTarget: "/w/api.php?n=\(number)")) }
        #expect(recorder.count == 5)
        #expect(recorder.requests.map(\.rawQuery) == ["n=3", "n=4", "n=5"])
        await recorder.waitForRequests(count: 5)
        recorder.capacity = 1
        #expect(recorder.requests.map(\.sequenceNumber) == [5])
    }
}
