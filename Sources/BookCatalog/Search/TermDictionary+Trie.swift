extension TermDictionary {
    /// A trie of encoded words as parallel arrays of nodes in depth-first (sorted) order. The
    /// root is implicit: node 0 is its first child. A node's subtree is the nodes after it up to
    /// ``ends``, so skipping a subtree is one jump and descending is reading the next node —
    /// memory is read forwards, which is what makes a walk over a large vocabulary fast.
    struct Trie: Sendable {
        /// The character each node adds to its parent's path.
        private(set) var characters: [UInt32] = []
        /// How many characters each node's path has (1 for the root's children).
        private(set) var depths: [UInt8] = []
        /// The index just past each node's subtree.
        private(set) var ends: [Int32] = []
        /// Whether a word ends at each node.
        private(set) var isWord: [Bool] = []
        /// How many distinct words the trie holds.
        private(set) var wordCount = 0

        /// The longest word kept: longer "words" are codes or run-together junk that nobody types
        /// with a typo, and the limit keeps a node's depth in one byte.
        static let maximumWordLength = 64

        /// Builds the trie of `sortedWords` (sorted by code, duplicates and empty words allowed).
        init(sortedWords: [[UInt32]]) {
            var path: [Int] = []  // the node at each depth of the previous word
            var previous: [UInt32] = []
            for word in sortedWords where !word.isEmpty && word.count <= Self.maximumWordLength && word != previous {
                let shared = zip(word, previous).prefix { $0 == $1 }.count
                // Subtrees deeper than the shared beginning are complete.
                while path.count > shared { ends[path.removeLast()] = Int32(characters.count) }
                for depth in shared..<word.count {
                    path.append(characters.count)
                    characters.append(word[depth])
                    depths.append(UInt8(depth + 1))
                    ends.append(0)
                    isWord.append(false)
                }
                isWord[path[word.count - 1]] = true
                wordCount += 1
                previous = word
            }
            for node in path { ends[node] = Int32(characters.count) }
        }

        /// How many nodes the trie has.
        var nodeCount: Int { characters.count }
    }
}
