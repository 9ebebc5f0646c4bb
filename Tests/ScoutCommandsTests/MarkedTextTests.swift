import Testing

@testable import ScoutCommands

@Suite("Marked text", .timeLimit(.minutes(1)))
struct MarkedTextTests {
    @Test("matched parts are bold and underlined; the text around them is sanitized; bad spans are skipped")
    func marks() {
        let (on, off) = (MarkedText.on, MarkedText.off)
        #expect(MarkedText.bold("Mockingjay", spans: [0..<5]) == "\(on)Mocki\(off)ngjay")
        #expect(
            MarkedText.bold("The Hunger Games", spans: [4..<10, 11..<12]) == "The \(on)Hunger\(off) \(on)G\(off)ames")
        // An escape inside the title never reaches the terminal; an emoji counts two UTF-16 units.
        #expect(MarkedText.bold("😀 a\u{1B}[31mb", spans: [3..<4]) == "😀 \(on)a\(off)[31mb")
        #expect(MarkedText.bold("abc", spans: [2..<9]) == "abc")
        #expect(MarkedText.bold("abcd", spans: [1..<3, 2..<4]) == "a\(on)bc\(off)d")
    }
}
