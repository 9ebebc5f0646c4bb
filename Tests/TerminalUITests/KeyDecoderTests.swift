import Testing

@testable import TerminalUI

@Suite("Key decoder", .timeLimit(.minutes(10)))
struct KeyDecoderTests {
    private func keys(_ bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes) + decoder.flush()
    }

    @Test(
        "sequences",
        arguments: [
            ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
            ("\u{1B}OA", .up), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}OH", .home), ("\u{1B}[1~", .home),
            ("\u{1B}[4~", .end), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete),
            ("\u{1B}[Z", .backTab), ("\t", .tab), ("\r", .enter), ("\u{7F}", .backspace), ("\u{08}", .backspace),
            ("\u{01}", .control("a")), ("\u{05}", .control("e")), ("\u{15}", .control("u")),
            ("\u{17}", .control("w")), ("\u{03}", .control("c")), ("\u{1B}b", .alt("b")),
            ("\u{1B}[1;5C", .right),
        ])
    func sequence(input: String, expected: Key) {
        #expect(keys(Array(input.utf8)) == [expected])
    }

    @Test("UTF-8 text, also split across reads, joins into one text key")
    func utf8() {
        #expect(keys(Array("zürich 東京 🙂".utf8)) == [.text("zürich 東京 🙂")])
        var decoder = KeyDecoder()
        let bytes = Array("ü".utf8)
        #expect(decoder.feed([bytes[0]]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed([bytes[1]]) == [.text("ü")])
    }

    @Test("a lone Esc waits, then is Escape; Esc then a sequence is two keys")
    func escape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed(Array("\u{1B}\u{1B}[A".utf8)) == [.escape, .up])
        #expect(decoder.feed(Array("\u{1B}[".utf8)) == [])
        #expect(decoder.feed(Array("B".utf8)) == [.down])
    }

    @Test("unknown sequences and invalid bytes never become text")
    func unknown() {
        #expect(keys(Array("\u{1B}[99~".utf8)) == [.unknown(Array("\u{1B}[99~".utf8))])
        #expect(keys([0xFF, 0x61]) == [.unknown([0xFF]), .text("a")])
        let runaway = [UInt8]("\u{1B}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 40)
        #expect(keys(runaway).allSatisfy { if case .unknown = $0 { true } else { false } })
    }

    @Test("keys mixed in one read keep their order")
    func mixed() {
        #expect(keys(Array("ab\u{1B}[Ac\r".utf8)) == [.text("ab"), .up, .text("c"), .enter])
    }
}
