import ScoutTestSupport

/// What the seeded line generators of the reader-versus-decoder tests share: picks from their
/// random source, strings escaped rightly, containers spaced and separated, and a line mutated
/// byte by byte.
protocol RandomJSONLines {
    var random: SplitMix64 { get set }
}

extension RandomJSONLines {
    /// `line` with a few random bytes changed, inserted, removed or repeated.
    mutating func mutated(_ line: [UInt8]) -> [UInt8] {
        var bytes = line
        let interesting: [UInt8] = Array("{}[]\",:\\u0 -.eE1tnf\t".utf8) + [0xFF, 0xC3, 0xA9, 0xED, 0x80, 0x00, 0x01]
        for _ in 0...pick(3) where !bytes.isEmpty {
            let index = pick(bytes.count)
            switch pick(5) {
            case 0: bytes[index] = interesting[pick(interesting.count)]
            case 1: bytes.insert(interesting[pick(interesting.count)], at: index)
            case 2: bytes.remove(at: index)
            case 3: bytes.insert(contentsOf: bytes[index..<min(bytes.count, index + pick(12))], at: index)
            default: bytes.removeLast(pick(min(bytes.count, 8)))
            }
        }
        return bytes
    }

    /// A number in `0..<count` (0 when `count` is 0).
    mutating func pick(_ count: Int) -> Int { Int(random.next() % UInt64(max(count, 1))) }

    /// `text` quoted; with `escaping`, a letter written as `\u00XX`.
    mutating func string(_ text: String, escaping: Bool) -> [UInt8] {
        var bytes = Array(text.utf8)
        if escaping, let index = bytes.indices.randomElement(using: &random), (0x61...0x7A).contains(bytes[index]) {
            let hex = String(bytes[index], radix: 16)
            bytes.replaceSubrange(index...index, with: Array("\\u00\(hex)".utf8))
        }
        return [0x22] + bytes + [0x22]
    }

    /// `members` between `open` and `close`, separated by a comma and random spacing, now and
    /// then with a trailing comma.
    mutating func container(_ open: String, _ members: [[UInt8]], _ close: String) -> [UInt8] {
        let spaces = [" ", "", "\t", "\r\n"]
        let separator = Array(("," + spaces[pick(spaces.count)]).utf8)
        var body = Array(members.joined(separator: separator))
        if !members.isEmpty, pick(10) == 0 { body += Array(",".utf8) }
        return Array(open.utf8) + body + Array(close.utf8)
    }
}
