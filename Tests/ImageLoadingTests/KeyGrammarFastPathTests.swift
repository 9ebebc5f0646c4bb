import Foundation
import ScoutTestSupport
import Testing

@testable import ImageLoading

/// The byte-by-byte fast paths of key validation (SECURITY.md T1) against what they replace:
/// the character-by-character and Foundation versions, on text built to hit every case where
/// the two could part — a `/` or `.` next to combining marks, prepended or joining characters,
/// CR LF, emoji, lookalikes.
@Suite("KeyGrammar fast paths", .timeLimit(.minutes(10)))
struct KeyGrammarFastPathTests {
    /// Pieces of keys: ASCII of every class, separators, and non-ASCII that joins neighbours.
    static let alphabet: [String] = [
        "a", "Z", "7", "/", "/", "/", ".", ".", "-", "_", "~", "(", "%", "\\", "?", " ", "\r", "\n", "\u{0}",
        "é", "e\u{301}", "\u{301}", "\u{600}", "\u{200D}", "\u{FE0F}", "👍", "\u{1F3FB}", "🇨🇭", "ß", "İ", "\u{212A}",
        "\u{FF0F}", "\u{2215}", "한", "\u{1100}", "\u{1161}", "p", "x", "px-", "jpg", "JPG", "Png", "webp",
    ]

    static func randomText(_ random: inout SplitMix64, pieces: ClosedRange<Int> = 0...12) -> String {
        let count = Int.random(in: pieces, using: &random)
        return (0..<count).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    @Test("split at / matches the split by characters")
    func split() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<20_000 {
            let text = Self.randomText(&random)[...]
            #expect(KeyGrammar.split(text) == KeyGrammar.graphemeSplit(text), "\(text.debugDescription)")
        }
    }

    @Test("segments(of:) accepts and refuses what the character-by-character rules did")
    func segments() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let key = Self.randomText(&random)
            #expect(KeyGrammar.segments(of: key) == Self.referenceSegments(of: key), "\(key.debugDescription)")
        }
        for key in ["a/b/c.jpg", ".x/y", "a/.b", "a/.\u{301}b", "a//b", "a/\u{301}b", "\u{600}/x", "é/è.png"] {
            #expect(KeyGrammar.segments(of: key) == Self.referenceSegments(of: key), "\(key.debugDescription)")
        }
    }

    @Test("encoding escapes all but the RFC 3986 unreserved bytes, as Foundation does")
    func encode() {
        var random = SplitMix64(seed: 3)
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for _ in 0..<5_000 {
            let segments = (0..<Int.random(in: 1...4, using: &random)).map { _ in Self.randomText(&random)[...] }
            let expected = segments.map { $0.addingPercentEncoding(withAllowedCharacters: unreserved)! }
            #expect(KeyGrammar.encode(segments) == expected.joined(separator: "/"))
        }
        let everyByte = String(decoding: (1...0x7F).map { UInt8($0) }, as: UTF8.self)
        #expect(
            KeyGrammar.encode([everyByte[...]]) == everyByte.addingPercentEncoding(withAllowedCharacters: unreserved))
    }

    @Test("hasImageExtension finds the same last dot as a search by characters")
    func imageExtension() {
        var random = SplitMix64(seed: 5)
        for _ in 0..<20_000 {
            let name = Self.randomText(&random)
            #expect(
                ImageKeyRules.hasImageExtension(name) == Self.referenceHasImageExtension(name),
                "\(name.debugDescription)")
            #expect(ImageKeyRules.hasImageExtension(name[...]) == Self.referenceHasImageExtension(name))
        }
    }

    @Test("the px- of a thumbnail name is where Foundation's range(of:) finds it")
    func pxRange() {
        var random = SplitMix64(seed: 9)
        for _ in 0..<20_000 {
            let name = Self.randomText(&random)[...]
            #expect(ImageOrigin.pxRange(in: name) == name.range(of: "px-"), "\(name.debugDescription)")
        }
        for name in ["120px-X.jpg", "ppx-", "pxpx-a", "px", "p-x-", "lossy-page1-120px-X.tif.jpg"] {
            #expect(ImageOrigin.pxRange(in: name[...]) == name.range(of: "px-"), "\(name)")
        }
    }

    /// The validation before the fast paths: split by characters, `hasPrefix(".")`, and every
    /// scalar allowed (ASCII: letters, digits and `-_.~!$&'()*+,;=`).
    static func referenceSegments(of key: String) -> [Substring]? {
        guard !key.isEmpty, key.utf8.count <= KeyGrammar.maxKeyBytes else { return nil }
        let punctuation = Set("-_.~!$&'()*+,;=".unicodeScalars)
        let segments = key.split(separator: "/", omittingEmptySubsequences: false)
        let isValid = segments.allSatisfy { segment in
            !segment.isEmpty && segment.utf8.count <= KeyGrammar.maxSegmentBytes && !segment.hasPrefix(".")
                && segment.unicodeScalars.allSatisfy { scalar in
                    guard scalar.isASCII else { return KeyGrammar.isAllowed(scalar) }
                    return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                        || punctuation.contains(scalar)
                }
        }
        return isValid ? segments : nil
    }

    static func referenceHasImageExtension(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return false }
        return ImageKeyRules.imageExtensions.contains(name[name.index(after: dot)...].lowercased())
    }
}
