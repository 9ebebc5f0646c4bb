import Foundation
import Networking
import Providers
import ScoutModels
import ScoutTestSupport
import Testing

/// SECURITY.md T5: what a person types reaches the upstream exactly, as normalized.
@Suite("Query round trip to the upstream (T5)", .timeLimit(.minutes(10)))
struct QueryRoundTripTests {
    static let queries: [String] = [
        "a+b&c=d#e", "Zu\u{308}rich", "Zürich", "東京", "東京タワー", "👩‍👩‍👧‍👦 family", "emoji 🎉 party",
        "\u{202E}override", "שלום עולם", "مرحبا بالعالم", "\u{200F}rtl mark", "100%", "%20", "a%2Bb", "c++", "C#",
        "?q=1", "a=b", "&&", "x/y", "back\\slash", "quote\"s", "it's", "<script>alert(1)</script>", "tab\there",
        "new\nline", "   padded   ", "multiple   spaces", "ümlaut", "Straße", "İstanbul", "ǅemal", "ﬁ ligature",
        "zero\u{200B}width", "Ω omega", "math 𝔸𝔹", "café", "naïve", "日本語", "한국어", "ไทย", "हिन्दी", "Ελληνικά",
        "Русский", "semi;colon", "comma,separated", "star*", "tilde~", "pipe|bar", "brackets[0]", "braces{}",
        "a\u{0}b", "bell\u{7}", "esc\u{1B}[2J", String(repeating: "x", count: 256),
    ]

    @Test("≥ 40 queries arrive exactly as normalized, once each")
    func roundTrip() async throws {
        #expect(Self.queries.count >= 40)
        try await withFakeWikipedia(pages: [FakeWikipedia.Page(pageID: 1, title: "Anything")]) { fake in
            let client = APIClient(
                configuration: .init(
                    userAgent: "Scout/test (t)",
                    hostPolicies: ["127.0.0.1": HostPolicy(maxConcurrent: 3, requestsPerSecond: 1000, burst: 1000)]))
            let provider = try WikipediaProvider(client: client, apiTemplate: fake.baseURL.absoluteString)
            for raw in Self.queries {
                let query = try SearchQuery(raw)
                let before = fake.requests.count
                _ = try await provider.search(query, cursor: nil, limit: 10)
                let sent = Array(fake.requests[before...])
                #expect(!sent.isEmpty)
                for request in sent {
                    let text = request.parameters["gpssearch"] ?? request.parameters["gsrsearch"]
                    #expect(text == query.text, "sent \(String(reflecting: text)) for \(String(reflecting: raw))")
                    if let fullText = request.parameters["srsearch"] { #expect(fullText == query.text) }
                    #expect(!request.rawQuery.contains("+"), "a literal + would read as a space")
                }
            }
        }
    }

    @Test("257 characters are refused before any request")
    func tooLong() {
        #expect(throws: SearchQueryError.self) { try SearchQuery(String(repeating: "x", count: 257)) }
    }
}
