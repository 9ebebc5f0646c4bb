/// The query line's text and cursor, edited the way shells and readline do: insert at the
/// cursor, ←/→, Home/End (Ctrl-A/E), Backspace/Delete, Ctrl-U (delete to start), Ctrl-W
/// (delete the word before the cursor). Works on grapheme clusters, so one Backspace removes
/// one visible character, accents and emoji included.
///
/// ```swift
/// var line = LineEditor()
/// line.insert("zurich")
/// line.deleteWordBackward()   // ""
/// ```
public struct LineEditor: Sendable, Equatable {
    public private(set) var characters: [Character] = []
    /// Position of the cursor, 0...characters.count.
    public private(set) var cursor = 0

    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text as typed.
    public var text: String { String(characters) }

    public mutating func insert(_ text: String) {
        let new = Array(text)
        characters.insert(contentsOf: new, at: cursor)
        cursor += new.count
    }

    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    public mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    public mutating func moveToStart() { cursor = 0 }
    public mutating func moveToEnd() { cursor = characters.count }

    /// True when the cursor is after the last character (→ has nothing to move over).
    public var isCursorAtEnd: Bool { cursor == characters.count }

    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    public mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    /// Ctrl-U: everything before the cursor.
    public mutating func deleteToStart() {
        characters.removeFirst(cursor)
        cursor = 0
    }

    /// Ctrl-W: the spaces before the cursor, then the word before them.
    public mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// Esc: nothing left.
    public mutating func clear() {
        characters.removeAll()
        cursor = 0
    }
}
