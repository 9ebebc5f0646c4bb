import CMeCab
import Foundation

/// One MeCab tagger: owns its handle, frees it when done. Not safe to share between threads
/// (``MeCabAnalyzer`` guards it).
final class Tagger {
    /// One word of an analysis: its text and the dictionary's features for it.
    struct Word {
        let surface: String
        let features: [String]
    }

    private let handle: OpaquePointer

    init(dictionary: MeCabDictionary) throws {
        // `-r /dev/null`: read no mecabrc, so the folder given is the dictionary used.
        guard let handle = mecab_new2("-r /dev/null -d \(dictionary.folder)") else {
            throw MeCabError.cannotOpen(dictionary.folder)
        }
        self.handle = handle
    }

    deinit { mecab_destroy(handle) }

    /// The words of `text`, in order; none when MeCab fails on it.
    func words(of text: String) -> [Word] {
        var words: [Word] = []
        text.withCString { bytes in
            var node = mecab_sparse_tonode2(handle, bytes, strlen(bytes))
            // A node list ends; the bound keeps a damaged lattice from looping.
            var remaining = strlen(bytes) + 2
            while let current = node, remaining > 0 {
                remaining -= 1
                let stat = Int32(current.pointee.stat)
                if stat != MECAB_BOS_NODE && stat != MECAB_EOS_NODE, let surface = current.pointee.surface {
                    let length = Int(current.pointee.length)
                    let text = surface.withMemoryRebound(to: UInt8.self, capacity: length) {
                        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                    }
                    let features = current.pointee.feature.map { String(cString: $0) } ?? ""
                    words.append(Word(surface: text, features: Self.fields(of: features)))
                }
                node = UnsafePointer(current.pointee.next)
            }
        }
        return words
    }

    /// The comma-separated fields of a feature string; a field in double quotes may hold commas.
    static func fields(of features: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var isQuoted = false
        for character in features {
            switch character {
            case "\"": isQuoted.toggle()
            case "," where !isQuoted:
                fields.append(field)
                field = ""
            default: field.append(character)
            }
        }
        fields.append(field)
        return fields
    }
}
