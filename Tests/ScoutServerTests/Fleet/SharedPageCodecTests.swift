import Foundation
import ScoutModels
import Testing

@testable import ScoutServer

/// The form pages take in the fleet's shared cache: every field comes back, pages of an earlier
/// Scout (JSON) still decode, and bytes that are not a whole page — Redis is shared, so anything
/// may be there — are nil, never a crash.
@Suite("Shared page codec")
struct SharedPageCodecTests {
    static let full = SearchPage(
        items: [
            SearchItem(
                id: "534366", title: "Zürich \"Züri\" 🇨🇭", description: "city in Switzerland\n",
                thumbnail: Thumbnail(
                    url: URL(string: "https://upload.wikimedia.org/a/b/Z%C3%BCrich.jpg")!, width: 120, height: nil),
                link: URL(string: "https://de.wikipedia.org/wiki/Z%C3%BCrich")!, source: .wikipedia,
                details: ["licence": "CC BY-SA", "author": "Ana", "": "empty name"],
                titleMatches: [TextSpan(start: 0, end: 6), TextSpan(start: -1, end: Int.max)]),
            SearchItem(
                id: "", title: "", description: nil, thumbnail: nil, link: URL(string: "https://example.org")!,
                source: "books", titleMatches: []),
        ],
        nextCursor: SearchCursor("sroffset=20|continue=-||"), suggestion: "zurich", total: Int.min)

    static let bare = SearchPage(items: [], nextCursor: nil)

    @Test("every field of a page comes back as it was", arguments: [full, bare])
    func roundTrip(page: SearchPage) {
        #expect(SharedPageCodec.decode(SharedPageCodec.encode(page)) == page)
    }

    @Test("a page an earlier Scout published as JSON still decodes")
    func jsonOfEarlierVersions() throws {
        let json = Array(try JSONEncoder().encode(Self.full))
        #expect(SharedPageCodec.decode(json) == Self.full)
        #expect(SharedPageCodec.decode(Array(json.dropLast())) == nil)
    }

    @Test("every truncation of a page is nil, and so are trailing bytes")
    func truncated() {
        let bytes = SharedPageCodec.encode(Self.full)
        for length in 0..<bytes.count {
            #expect(SharedPageCodec.decode(Array(bytes.prefix(length))) == nil, "\(length) of \(bytes.count) bytes")
        }
        #expect(SharedPageCodec.decode(bytes + [0]) == nil)
    }

    @Test("a wrong magic, version, optional tag, length or UTF-8 is nil")
    func malformed() {
        let bytes = SharedPageCodec.encode(Self.bare)  // S P 1, 0 0 0 (no cursor, suggestion, total), 0 items
        #expect(bytes == [0x53, 0x50, 1, 0, 0, 0, 0])
        #expect(SharedPageCodec.decode([0x53, 0x50, 2, 0, 0, 0, 0]) == nil, "an unknown version")
        #expect(
            SharedPageCodec.decode([0x53, 0x50, 1, 2, 0, 0, 0]) == nil, "an optional's tag that is neither 0 nor 1")
        #expect(
            SharedPageCodec.decode([0x53, 0x50, 1, 1, 5, 0x61, 0, 0, 0]) == nil, "a string longer than the bytes left")
        #expect(SharedPageCodec.decode([0x53, 0x50, 1, 1, 1, 0xFF, 0, 0, 0]) == nil, "a string that is not UTF-8")
        #expect(
            SharedPageCodec.decode([0x53, 0x50, 1, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]) == nil,
            "four billion items in four bytes")
        #expect(
            SharedPageCodec.decode([0x53, 0x50, 1, 0, 0, 1] + Array(repeating: 0xFF, count: 11)) == nil,
            "a varint past 64 bits")
        #expect(SharedPageCodec.decode([]) == nil)
    }

    @Test("every single flipped byte of a page decodes to nil or to a page that re-encodes to itself")
    func flippedBytes() {
        let bytes = SharedPageCodec.encode(Self.full)
        var pages = 0
        for index in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var changed = bytes
                changed[index] ^= flip
                guard let page = SharedPageCodec.decode(changed) else { continue }
                pages += 1
                #expect(SharedPageCodec.decode(SharedPageCodec.encode(page)) == page, "byte \(index) ^ \(flip)")
            }
        }
        #expect(pages > 0, "some flips (inside a title, say) still make a page")
    }
}
