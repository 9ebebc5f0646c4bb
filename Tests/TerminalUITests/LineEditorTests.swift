import Testing

@testable import TerminalUI

@Suite("Line editor and prefix highlight", .timeLimit(.minutes(10)))
struct LineEditorTests {
    @Test("editing at the cursor, by grapheme")
    func editing() {
        var line = LineEditor()
        line.insert("zürich hbf")
        line.moveLeft()
        line.moveLeft()
        line.moveLeft()
        line.deleteBackward()
        #expect(line.text == "zürichhbf")
        line.moveToStart()
        line.deleteForward()
        #expect(line.text == "ürichhbf")
        line.moveToEnd()
        line.insert("🇨🇭")
        line.deleteBackward()
        #expect(line.text == "ürichhbf")
        #expect(line.isCursorAtEnd)
    }

    @Test("Ctrl-W deletes a word and the spaces before the cursor; Ctrl-U everything before it")
    func words() {
        var line = LineEditor("new york  city  ")
        line.deleteWordBackward()
        #expect(line.text == "new york  ")
        line.deleteWordBackward()
        #expect(line.text == "new ")
        line.insert("x")
        line.moveLeft()
        line.deleteToStart()
        #expect(line.text == "x")
        #expect(line.cursor == 0)
    }

    @Test(
        "the typed prefix, ignoring case and accents",
        arguments: [("zur", "Zürich", 3), ("ZÜRICH H", "Zürich Hauptbahnhof", 8), ("bern", "Berlin", 0), ("", "x", 0)])
    func prefix(query: String, title: String, length: Int) {
        #expect(PrefixMatch.length(of: query, in: title) == length)
    }
}
