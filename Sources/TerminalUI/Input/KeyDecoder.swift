/// Turns terminal input bytes into ``Key``s: UTF-8 text, control chords, and the CSI/SS3
/// sequences of arrows, Home/End, PgUp/PgDn, Delete and Shift-Tab.
///
/// A pure state machine: a lone Esc is ambiguous (it may start a sequence still on its way), so
/// it stays pending until more bytes arrive or the reader's short timeout calls ``flush()``.
/// Incomplete UTF-8 stays pending the same way.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B])          // []: maybe a sequence
/// decoder.flush()               // [.escape]
/// decoder.feed(Array("ö".utf8)) // [.text("ö")]
/// ```
public struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    /// Inside a runaway CSI sequence: its remaining parameter bytes and its final byte, if one
    /// comes, are dropped.
    private var isDroppingRunaway = false

    public init() {}

    /// True while bytes wait for more input or a ``flush()``.
    public var hasPending: Bool { !pending.isEmpty }

    /// Decodes `bytes` (appended to anything pending) into keys.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while !pending.isEmpty {
            if isDroppingRunaway {
                let dropped = pending.prefix { (0x20...0x3F).contains($0) }.count
                pending.removeFirst(dropped)
                guard let next = pending.first else { break }
                isDroppingRunaway = false
                if (0x40...0x7E).contains(next) { pending.removeFirst() }
                continue
            }
            guard let (key, length) = Self.decodeOne(pending[...]) else { break }
            pending.removeFirst(length)
            isDroppingRunaway = Self.isRunaway(key)
            if case .text(let text) = key, case .text(let previous)? = keys.last {
                keys[keys.count - 1] = .text(previous + text)
            } else {
                keys.append(key)
            }
        }
        return keys
    }

    /// Gives up waiting: a pending Esc is the Escape key; other partial input is dropped.
    public mutating func flush() -> [Key] {
        defer {
            pending.removeAll()
            isDroppingRunaway = false
        }
        guard let first = pending.first else { return [] }
        if first == 0x1B && pending.count == 1 { return [.escape] }
        if first == 0x1B, pending.count >= 2 { return [.unknown(pending)] }
        return []
    }

    /// The first key in `bytes` and how many bytes it took; nil when more bytes are needed.
    static func decodeOne(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        switch first {
        case 0x1B: return decodeEscape(bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00...0x1F: return (.control(Character(UnicodeScalar(first + 0x60))), 1)
        default: return decodeUTF8(bytes)
        }
    }

    /// One UTF-8 character; invalid bytes are skipped as `.unknown`.
    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown([first]), 1)
        }
        guard bytes.count >= length else { return nil }
        let slice = bytes.prefix(length)
        guard let text = String(validating: slice, as: UTF8.self) else { return (.unknown([first]), 1) }
        return (.text(text), length)
    }
}
