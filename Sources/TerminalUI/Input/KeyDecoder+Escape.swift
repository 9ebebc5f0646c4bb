extension KeyDecoder {
    /// An escape sequence: CSI (`Esc [`), SS3 (`Esc O`), Alt+key, or nil while incomplete.
    static func decodeEscape(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let second = bytes[start + 1]
        switch second {
        case UInt8(ascii: "["): return decodeCSI(bytes)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (ss3Key(bytes[start + 2]) ?? .unknown(Array(bytes.prefix(3))), 3)
        case 0x1B:
            // Esc Esc: the first was a real Escape press.
            return (.escape, 1)
        case 0x20...0x7E:
            return (.alt(Character(UnicodeScalar(second))), 2)
        default:
            return (.escape, 1)
        }
    }

    /// The longest CSI sequence the decoder waits for, final byte included.
    static let maximumCSILength = 32

    /// `Esc [ params final`: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
    private static func decodeCSI(_ bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        let limit = start + maximumCSILength
        var index = start + 2
        while index < bytes.endIndex, index < limit, (0x20...0x3F).contains(bytes[index]) { index += 1 }
        // A runaway sequence is not buffered forever: its first bytes become one `.unknown` and
        // ``KeyDecoder/feed(_:)`` drops the rest (see `isRunaway`). Deciding on a fixed length
        // makes it decode alike however the terminal splits it between reads; "drop whatever
        // has arrived", as before, did not (found by the fuzz target terminal-keys).
        if index == limit { return (.unknown(Array(bytes[start..<limit])), maximumCSILength) }
        guard index < bytes.endIndex else { return nil }
        let final = bytes[index]
        let length = index - start + 1
        let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
        let raw = Array(bytes.prefix(length))
        guard (0x40...0x7E).contains(final) else { return (.unknown(raw), length) }
        return (csiKey(final: final, parameters: parameters) ?? .unknown(raw), length)
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key? {
        switch final {
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": .home
            case "4", "8": .end
            case "3": .delete
            case "5": .pageUp
            case "6": .pageDown
            default: nil
            }
        case UInt8(ascii: "Z"): .backTab
        default: ss3Key(final)
        }
    }

    /// Keys whose CSI and SS3 forms share the final byte.
    private static func ss3Key(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        default: nil
        }
    }

    /// Whether `key` is the start of a runaway CSI sequence: ``maximumCSILength`` bytes without
    /// a final byte, whose rest the decoder drops up to and including its final byte.
    static func isRunaway(_ key: Key) -> Bool {
        guard case .unknown(let raw) = key, raw.count == maximumCSILength, raw.starts(with: [0x1B, 0x5B]) else {
            return false
        }
        return raw.last.map { (0x20...0x3F).contains($0) } ?? false
    }
}
