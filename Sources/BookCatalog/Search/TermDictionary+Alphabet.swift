extension TermDictionary {
    /// Turns the `Character`s of words into one number each, so the distance walk compares
    /// integers, not grapheme clusters. A character of one Unicode scalar is that scalar's value
    /// (so sorted codes group words as a trie would); a character of several scalars, such as a
    /// letter with a combining mark the folding kept, gets a number past the last scalar.
    struct Alphabet: Sendable {
        /// The first number given to a character of several scalars.
        private static let firstCluster: UInt32 = 0x11_0000
        /// A character of a query word that no dictionary word has: equal to nothing indexed.
        private static let unknown = UInt32.max

        private var clusterCodes: [Character: UInt32] = [:]
        private var clusters: [Character] = []

        /// The codes of `word`, adding characters not seen before.
        mutating func encode(_ word: String) -> [UInt32] {
            if let ascii = Self.asciiCodes(word) { return ascii }
            return word.map { character in
                if let scalar = Self.singleScalar(character) { return scalar }
                if let code = clusterCodes[character] { return code }
                let code = Self.firstCluster + UInt32(clusters.count)
                clusterCodes[character] = code
                clusters.append(character)
                return code
            }
        }

        /// The codes of a query word; characters no dictionary word has match nothing.
        func lookUp(_ word: String) -> [UInt32] {
            if let ascii = Self.asciiCodes(word) { return ascii }
            return word.map { Self.singleScalar($0) ?? clusterCodes[$0] ?? Self.unknown }
        }

        /// The word spelled by `codes`.
        func decode(_ codes: some Collection<UInt32>) -> String {
            var text = ""
            for code in codes {
                if code >= Self.firstCluster {
                    text.append(clusters[Int(code - Self.firstCluster)])
                } else if let scalar = Unicode.Scalar(code) {
                    text.unicodeScalars.append(scalar)
                }
            }
            return text
        }

        /// Most indexed words are ASCII, where each byte is a character: skip grapheme breaking.
        private static func asciiCodes(_ word: String) -> [UInt32]? {
            var codes: [UInt32] = []
            codes.reserveCapacity(word.utf8.count)
            for byte in word.utf8 {
                // "\r\n" is one Character of two bytes; words never hold it, but stay exact.
                guard byte < 0x80, byte != 0x0D else { return nil }
                codes.append(UInt32(byte))
            }
            return codes
        }

        private static func singleScalar(_ character: Character) -> UInt32? {
            let scalars = character.unicodeScalars
            return scalars.count == 1 ? scalars.first!.value : nil
        }
    }
}
