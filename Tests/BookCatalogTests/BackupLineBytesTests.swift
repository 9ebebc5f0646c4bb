import Foundation
import ScoutTestSupport
import Testing

@testable import BookCatalog

/// A backup's reading, link and relation lines, written straight as bytes, are the bytes the
/// JSON encoder gives them — random text with every control character, quotes, backslashes,
/// slashes and text beyond ASCII, random scores of every magnitude — so an export is the same
/// file it was, and a score that is not finite fails as it did.
@Suite("Backup lines written as the encoder writes them") struct BackupLineBytesTests {
    /// What the encoder gives `line`, with its newline.
    private static func encoded(_ line: JSONLinesBackupLine) throws -> [UInt8] {
        Array(try JSONLinesRecord.encoder.encode(line)) + [UInt8(ascii: "\n")]
    }

    private static let pieces: [String] =
        (0..<0x80).map { String(UnicodeScalar(UInt8($0))) } + [
            "é", "日本語", "ほん", "\u{2028}", "\u{2029}", "\u{FEFF}", "📚", "\u{85}", "\u{A0}", "//", "\\\"",
        ]

    private static func text(_ random: inout SplitMix64) -> String {
        (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    private static func key(_ random: inout SplitMix64) -> BookKey {
        BookKey(source: text(&random), sourceID: text(&random))
    }

    private static let scores: [Double] = [
        0, -0.0, 1, -1, 0.5, 0.1, 0.998, 1 / 3, 1e-7, 1e-5, 123.456, 1e15, 1e16, 1e21, 1e22, 9_007_199_254_740_993,
        .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    ]

    @Test("Relation lines are the encoder's bytes")
    func relationLines() throws {
        var random = SplitMix64(seed: 37)
        for round in 0..<3_000 {
            // The listed scores, then random ones as a rebuild rounds them, then any bits at all.
            let anyBits = Double(bitPattern: random.next())
            let score =
                round < Self.scores.count
                ? Self.scores[round]
                : round % 2 == 0
                    ? (Double.random(in: 0...1, using: &random) * 1_000).rounded() / 1_000
                    : anyBits.isFinite ? anyBits : 0.25
            let kind = Relation.Kind.allCases.randomElement(using: &random)!
            let line = JSONLinesBackupLine.RelationLine(
                kind: kind, from: Self.key(&random), to: Self.key(&random), score: score, reason: Self.text(&random))
            var bytes: [UInt8] = []
            try BackupLineBytes.append(line, to: &bytes)
            let expected = try Self.encoded(JSONLinesBackupLine(relation: line))
            #expect(bytes == expected, "\(String(decoding: expected, as: UTF8.self))")
        }
    }

    @Test("Reading and link lines are the encoder's bytes")
    func readingAndLinkLines() throws {
        var random = SplitMix64(seed: 38)
        for round in 0..<2_000 {
            let reading = JSONLinesBackupLine.ReadingLine(
                book: Self.key(&random), reader: Self.text(&random),
                rating: round % 3 == 0 ? nil : Int.random(in: 1...5, using: &random),
                wantsToRead: round % 5 == 0 ? nil : round % 2 == 0)
            var bytes: [UInt8] = []
            BackupLineBytes.append(reading, to: &bytes)
            #expect(bytes == (try Self.encoded(JSONLinesBackupLine(reading: reading))))
        }
        let addresses = [
            "https://books.example.org/show/1-dune?from=/search&q=a%20b#top", "http://example.com/%E6%97%A5",
            "https://www.goodreads.com/book/show/2767052-the-hunger-games", "https://books.example.org/a\"b",
        ]
        for address in addresses {
            let url = try #require(URL(string: address))
            let link = JSONLinesBackupLine.LinkLine(from: Self.key(&random), to: url)
            var bytes: [UInt8] = []
            BackupLineBytes.append(link, to: &bytes)
            #expect(bytes == (try Self.encoded(JSONLinesBackupLine(link: link))), "\(address)")
        }
    }

    @Test("A score that is not finite fails, as the encoder fails")
    func aScoreThatIsNotFiniteFails() throws {
        for score in [Double.nan, .infinity, -.infinity] {
            let line = JSONLinesBackupLine.RelationLine(
                kind: .sameAuthor, from: BookKey(source: "a", sourceID: "1"), to: BookKey(source: "a", sourceID: "2"),
                score: score, reason: "")
            var bytes: [UInt8] = []
            #expect(throws: EncodingError.self) { try BackupLineBytes.append(line, to: &bytes) }
            #expect(throws: EncodingError.self) { try Self.encoded(JSONLinesBackupLine(relation: line)) }
        }
    }
}
