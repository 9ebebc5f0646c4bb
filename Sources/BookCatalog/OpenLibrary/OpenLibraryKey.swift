/// An Open Library key such as `/works/OL45883W`, held as its kind and number: eight bytes
/// whatever the key's length, so the importer's maps of every author and work stay small.
///
/// ```swift
/// OpenLibraryKey("/works/OL45883W")   // OpenLibraryKey(kind: .work, number: 45883)
/// OpenLibraryKey("/works/OL45883W")?.description   // "/works/OL45883W"
/// ```
struct OpenLibraryKey: Hashable, Sendable, CustomStringConvertible {
    /// What a key names: its folder and the letter its id ends in.
    enum Kind: UInt8, Sendable {
        case author, work, edition

        var folder: String {
            switch self {
            case .author: "/authors/OL"
            case .work: "/works/OL"
            case .edition: "/books/OL"
            }
        }

        var letter: UInt8 {
            switch self {
            case .author: UInt8(ascii: "A")
            case .work: UInt8(ascii: "W")
            case .edition: UInt8(ascii: "M")
            }
        }
    }

    let kind: Kind
    let number: Int

    /// The key in `text`, or `nil` when it is not `/authors/OL…A`, `/works/OL…W` or
    /// `/books/OL…M` with 1 to 12 digits.
    init?(_ text: some StringProtocol) {
        self.init(utf8: Array(text.utf8)[...])
    }

    /// The key in `bytes`, as ``init(_:)``.
    init?(utf8 bytes: ArraySlice<UInt8>) {
        for kind in [Kind.work, .author, .edition] {
            let folder = kind.folder.utf8
            guard bytes.starts(with: folder), bytes.last == kind.letter else { continue }
            let digits = bytes.dropFirst(folder.count).dropLast()
            guard (1...12).contains(digits.count), digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
            self.kind = kind
            number = digits.reduce(0) { $0 * 10 + Int($1 - 48) }
            return
        }
        return nil
    }

    init(kind: Kind, number: Int) {
        self.kind = kind
        self.number = number
    }

    var description: String {
        kind.folder + String(number) + String(UnicodeScalar(kind.letter))
    }
}
