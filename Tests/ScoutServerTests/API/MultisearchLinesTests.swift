import Foundation
import HTTPServer
import ScoutModels
import Testing

@testable import ScoutServer

/// The multisearch's lines without I/O: one per source whatever comes first, its answer or
/// the deadline, and the bytes of each line.
@Suite("Multisearch lines", .timeLimit(.minutes(10)))
struct MultisearchLinesTests {
    static func text(_ bytes: [UInt8]?) -> String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    @Test("answers in the order they come, batched while nobody reads, then the end")
    func answersInOrder() async {
        let lines = MultisearchLines(sources: [.commons, .wikipedia, .books])
        lines.answer(.wikipedia, with: Array("w\n".utf8))
        lines.answer(.commons, with: Array("c\n".utf8))
        #expect(Self.text(await lines.next()) == "w\nc\n")
        #expect(!lines.isFinished)
        lines.answer(.books, with: Array("b\n".utf8))
        #expect(lines.isFinished)
        #expect(Self.text(await lines.next()) == "b\n")
        #expect(await lines.next() == nil)
    }

    @Test("a reader waiting for a line gets it when it is written")
    func waitingReader() async {
        let lines = MultisearchLines(sources: [.wikipedia])
        async let read = lines.next()
        // The reader may or may not be waiting yet: either way the line reaches it.
        lines.answer(.wikipedia, with: Array("w\n".utf8))
        #expect(Self.text(await read) == "w\n")
        #expect(await lines.next() == nil)
    }

    @Test("at the deadline each source still out gets its timeout line, in the order asked; a late answer is dropped")
    func deadline() async {
        let lines = MultisearchLines(sources: [.flickr, .wikipedia, .commons])
        lines.answer(.wikipedia, with: Array("w\n".utf8))
        lines.expire { source in Array("\(source) late\n".utf8) }
        lines.answer(.commons, with: Array("c\n".utf8))
        lines.expire { _ in Array("again\n".utf8) }
        #expect(Self.text(await lines.next()) == "w\nflickr late\ncommons late\n")
        #expect(await lines.next() == nil)
    }

    @Test("a source's second answer is not written")
    func oneLineEach() async {
        let lines = MultisearchLines(sources: [.wikipedia, .commons])
        lines.answer(.wikipedia, with: Array("1\n".utf8))
        lines.answer(.wikipedia, with: Array("2\n".utf8))
        #expect(Self.text(await lines.next()) == "1\n")
        #expect(!lines.isFinished)
    }

    @Test("a cancelled reader gets the end")
    func cancelledReader() async {
        let lines = MultisearchLines(sources: [.wikipedia])
        let reader = Task { await lines.next() }
        reader.cancel()
        #expect(await reader.value == nil)
    }

    @Test("a line is the search route's body with its source and status: 200 as reply, else its error")
    func lineBytes() throws {
        let reply = Response.json(bytes: Array(#"{"cached":false,"items":[],"tookMs":3}"#.utf8))
        #expect(
            Self.text(MultisearchLine.line(source: .books, response: reply))
                == #"{"source":"books","status":200,"reply":{"cached":false,"items":[],"tookMs":3}}"# + "\n")
        let error = GatewayError.badRequest("unknown_source", "There is no source called “flickr”.")
        #expect(
            Self.text(MultisearchLine.line(source: .flickr, response: error.response))
                == #"{"source":"flickr","status":400,"error":{"code":"unknown_source","message":"There is no source called “flickr”.","retryAfter":null,"source":null}}"#
                + "\n")
        let timeout = try JSONDecoder().decode(
            JSONValue.self,
            from: Data(MultisearchLine.timeout(source: .commons, name: "Wikimedia Commons", after: .milliseconds(3500)))
        )
        #expect(timeout["status"] == 504)
        #expect(timeout["error"]?["code"] == "timeout")
        #expect(timeout["error"]?["source"] == "commons")
        #expect(
            timeout["error"]?["message"]
                == "Wikimedia Commons did not answer within 4 s. Search again to see its results.")
    }
}
