import HTTPServer
import ScoutModels
import Testing

@testable import ScoutServer

/// The `q` rule every route shares with `openapi.json`'s `QueryText`: 1 to 256 code points as
/// sent, one of them neither whitespace nor a control. schemathesis found each case below
/// where the server and the document disagreed.
@Suite("The q parameter's rule")
struct SearchTextParameterTests {
    static func refusal(_ raw: String?) -> GatewayError? {
        do {
            _ = try SearchTextParameter.read(raw, source: .books, whenEmpty: "Type something.")
            return nil
        } catch let error as GatewayError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test(
        "nothing, or only whitespace and controls, is a 400 with the route's sentence",
        arguments: [nil, "", " ", "\u{95}", "\u{A0}", "\u{1}\u{7F}", " \u{3000}\u{202E}\u{FEFF}\u{85}\t"])
    func emptyIsRefused(_ raw: String?) throws {
        let error = try #require(Self.refusal(raw))
        #expect(error.status == 400 && error.code == "bad_query" && error.message == "Type something.")
        #expect(error.source == .books)
    }

    @Test("more than 256 code points as sent is a 400, even when normalizing would shorten it")
    func lengthCountsWhatWasSent() throws {
        let collapsing = "a" + String(repeating: " ", count: 255) + "b"  // 257 sent, "a b" normalized
        let decomposed = String(repeating: "e\u{301}", count: 129)  // 258 sent, 129 characters
        for raw in [collapsing, decomposed, String(repeating: "x", count: 257)] {
            let error = try #require(Self.refusal(raw))
            #expect(error.status == 400 && error.code == "bad_query")
            #expect(error.message.contains("the limit is 256"), "\(error.message)")
        }
    }

    @Test("1 to 256 code points with something visible are read and normalized")
    func acceptedTextIsNormalized() throws {
        #expect(try SearchTextParameter.read("  Zu\u{308}rich \u{1}  Hbf ", whenEmpty: "").text == "Zürich Hbf")
        #expect(try SearchTextParameter.read(String(repeating: "東", count: 256), whenEmpty: "").text.count == 256)
        #expect(try SearchTextParameter.read("\u{301}", whenEmpty: "").text == "\u{301}")
    }
}
