import BookCatalog
import CMeCab
import Foundation
import Synchronization

/// Reads Japanese titles and names in kana with MeCab, the morphological analyzer Debian ships
/// (`libmecab-dev`), over the dictionary an operator installed: UniDic when it is there (it reads
/// names and rare words better, but is a gigabyte, so never required), else IPADIC
/// (`mecab-ipadic-utf8`, which the make targets install). Each word's reading is the
/// dictionary's kana for it; a word the dictionary does not know is kept as written (カフカ
/// reads as itself).
///
/// ```swift
/// let analyzer = try MeCabAnalyzer()
/// analyzer.reading(of: "人間失格")   // "ニンゲン シッカク"
/// ```
public final class MeCabAnalyzer: ReadingAnalyzer {
    /// The dictionary it reads with.
    public let dictionary: MeCabDictionary
    /// The tagger; MeCab's is not safe to share between threads, so calls take turns.
    private let tagger: Mutex<Tagger>

    /// The most UTF-8 bytes of one text it reads: a title or a name is far shorter, and MeCab's
    /// lattice grows with its input.
    public static let maximumTextBytes = 4_096

    /// Opens MeCab over `dictionary` (``MeCabDictionary/installed(folder:)`` by default).
    /// Throws ``MeCabError`` when MeCab cannot open it.
    public init(dictionary: MeCabDictionary? = nil) throws {
        guard let dictionary = dictionary ?? MeCabDictionary.installed() else { throw MeCabError.noDictionary }
        self.dictionary = dictionary
        tagger = Mutex(try Tagger(dictionary: dictionary))
    }

    /// The kana reading of `text`, its words separated by spaces; `nil` for empty text.
    public func reading(of text: String) -> String? {
        let text = FieldLimit(bytes: Self.maximumTextBytes).cut(text.replacingOccurrences(of: "\0", with: ""))
        guard !text.isEmpty else { return nil }
        let words = tagger.withLock { $0.words(of: text) }
        let readings = words.map { word in
            word.features.count > dictionary.readingField ? word.features[dictionary.readingField] : "*"
        }
        let spoken = zip(words, readings).map { word, reading in
            reading == "*" || reading.isEmpty ? word.surface : reading
        }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return spoken.isEmpty ? nil : spoken.joined(separator: " ")
    }
}

/// Why MeCab could not be used.
public enum MeCabError: Error, CustomStringConvertible {
    case noDictionary
    case cannotOpen(String)

    public var description: String {
        switch self {
        case .noDictionary:
            "No MeCab dictionary is installed, so Japanese titles are found only by the readings the "
                + "catalog gives. Install mecab-ipadic-utf8 (make run does), then give the books stored "
                + "meanwhile their readings with scout books reread."
        case .cannotOpen(let path):
            "MeCab could not open a dictionary at \(path). Give the folder of a MeCab system dictionary "
                + "(one holding sys.dic and dicrc), or reinstall mecab-ipadic-utf8."
        }
    }
}
