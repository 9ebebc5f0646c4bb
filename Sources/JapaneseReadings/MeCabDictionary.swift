import Foundation

/// A MeCab system dictionary: its folder and which of its features is the reading in kana
/// (IPADIC's 8th, UniDic's 21st, `kana`).
///
/// ```swift
/// MeCabDictionary.installed()?.kind   // .unidic when unidic-mecab is installed, else .ipadic
/// ```
public struct MeCabDictionary: Sendable, Hashable {
    /// The dictionaries Scout knows the features of.
    public enum Kind: String, Sendable {
        case ipadic, unidic
    }

    public let folder: String
    public let kind: Kind

    /// Which feature holds the reading.
    var readingField: Int { kind == .unidic ? 20 : 7 }

    public init(folder: String, kind: Kind) {
        self.folder = folder
        self.kind = kind
    }

    /// Where Debian installs them: UniDic first, since it reads better.
    public static let debianFolders: [(String, Kind)] = [
        ("/var/lib/mecab/dic/unidic", .unidic), ("/usr/share/mecab/dic/unidic", .unidic),
        ("/var/lib/mecab/dic/ipadic-utf8", .ipadic), ("/usr/share/mecab/dic/ipadic", .ipadic),
    ]

    /// The dictionary to read with: `folder` when given (its kind told by its `dicrc`), else
    /// the first of UniDic and IPADIC installed; `nil` when none is.
    public static func installed(folder: String? = nil) -> MeCabDictionary? {
        if let folder, !folder.isEmpty { return MeCabDictionary(folder: folder, kind: kind(of: folder)) }
        return debianFolders.first { isInstalled($0.0) }.map {
            MeCabDictionary(folder: $0.0, kind: $0.1)
        }
    }

    /// IPADIC where Debian installs it, if it is installed: the dictionary the make targets
    /// install, which tests read with whatever else an operator installed.
    public static var installedIPADIC: MeCabDictionary? {
        debianFolders.first { $0.1 == .ipadic && isInstalled($0.0) }.map {
            MeCabDictionary(folder: $0.0, kind: .ipadic)
        }
    }

    /// Whether a system dictionary is installed in `folder`.
    private static func isInstalled(_ folder: String) -> Bool {
        FileManager.default.fileExists(atPath: folder + "/sys.dic")
    }

    /// UniDic when the folder's `dicrc` lists the `kana` feature, IPADIC otherwise.
    static func kind(of folder: String) -> Kind {
        let dicrc = (try? String(contentsOfFile: folder + "/dicrc", encoding: .utf8)) ?? ""
        return dicrc.contains("f[20]: kana") ? .unidic : .ipadic
    }
}
