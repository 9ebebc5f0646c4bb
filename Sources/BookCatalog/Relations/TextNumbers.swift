#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Distinct texts numbered in order of first appearance, held as one UTF-8 buffer and an
/// open-addressing table of numbers: a rebuild numbers a distinct author (and its folded key)
/// for nearly every book, and a `[String: Int]` entry with its string cost some 80–100 bytes
/// where this costs the text's bytes and about 16 more (issue #37: the relations phase of ten
/// million books must fit beside the database).
///
/// ```swift
/// var numbers = TextNumbers()
/// numbers.number(of: "Suzanne Collins")  // (0, isNew: true)
/// numbers.number(of: "Suzanne Collins")  // (0, isNew: false)
/// numbers.text(0)  // "Suzanne Collins"
/// ```
struct TextNumbers: Sendable {
    /// Every text's UTF-8 bytes, one after another in number order.
    private var bytes: [UInt8] = []
    /// Per number: where its text ends in ``bytes`` (it starts where the one before ends).
    private var ends: [Int] = []
    /// The hash table: a number, or -1 for an empty slot; its size a power of two, at most half
    /// full, so a probe meets an empty slot within a few steps.
    private var slots = [Int32](repeating: -1, count: 16)

    /// How many distinct texts are numbered.
    var count: Int { ends.count }

    /// The number of `text`, a new one (``count`` before the call) for a text not seen yet.
    mutating func number(of text: String) -> (number: Int, isNew: Bool) {
        var text = text
        return text.withUTF8 { number(of: $0) }
    }

    /// The text numbered `number`.
    func text(_ number: Int) -> String {
        String(decoding: bytes[range(of: number)], as: UTF8.self)
    }

    private func range(of number: Int) -> Range<Int> {
        (number == 0 ? 0 : ends[number - 1])..<ends[number]
    }

    private mutating func number(of utf8: UnsafeBufferPointer<UInt8>) -> (number: Int, isNew: Bool) {
        let mask = slots.count - 1
        var slot = Self.hash(utf8) & mask
        // At most half the slots are full, so the walk ends within the table.
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if holds(number, utf8) { return (number, false) }
            slot = (slot + 1) & mask
        }
        let number = ends.count
        bytes.append(contentsOf: utf8)
        ends.append(bytes.count)
        slots[slot] = Int32(number)
        if ends.count * 2 > slots.count { grow() }
        return (number, true)
    }

    /// Whether the text numbered `number` is `utf8`: lengths first, which tell most texts met on
    /// a probe apart, then the bytes with `memcmp` (a generic `elementsEqual` over a slice went
    /// byte by byte, 13 % of a rebuild's catalog building at a million books, perf).
    private func holds(_ number: Int, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = range(of: number)
        guard range.count == utf8.count else { return false }
        guard let given = utf8.baseAddress, !range.isEmpty else { return true }
        return bytes.withUnsafeBufferPointer { all in
            guard let stored = all.baseAddress else { return false }
            return memcmp(stored + range.lowerBound, given, range.count) == 0
        }
    }

    /// Doubles the table and puts every number back in it.
    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: slots.count * 2)
        let mask = larger.count - 1
        bytes.withUnsafeBufferPointer { all in
            for number in ends.indices {
                var slot = Self.hash(UnsafeBufferPointer(rebasing: all[range(of: number)])) & mask
                while larger[slot] >= 0 { slot = (slot + 1) & mask }
                larger[slot] = Int32(number)
            }
        }
        slots = larger
    }

    /// `utf8`'s hash by the standard library's `Hasher`, seeded anew in every process: the texts
    /// are authors of an imported catalog, and a fixed hash would let a crafted catalog send them
    /// all to one run of slots (each probe then walks the run: quadratic). Only where a text
    /// lands in the table depends on it, never its number.
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        return hasher.finalize()
    }
}
