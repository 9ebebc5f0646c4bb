import BookCatalog
import Foundation
import JapaneseReadings
import Testing

/// MeCab reads Japanese titles and names in kana over the dictionary installed: IPADIC (which
/// the make targets install), or UniDic where an operator installed it.
@Suite("MeCab readings") struct MeCabReadingsTests {
    static func ipadic() throws -> MeCabAnalyzer {
        try MeCabAnalyzer(
            dictionary: #require(
                MeCabDictionary.installedIPADIC, "mecab-ipadic-utf8 is not installed: make test installs it"))
    }

    @Test("IPADIC reads each word in kana; a word it does not know is kept as written")
    func readsTitlesAndNames() throws {
        let analyzer = try Self.ipadic()
        #expect(analyzer.reading(of: "人間失格") == "ニンゲン シッカク")
        #expect(analyzer.reading(of: "海辺のカフカ") == "ウミベ ノ カフカ")
        #expect(analyzer.reading(of: "村上春樹") == "ムラカミ ハルキ")
        // Names are where dictionaries err, which is why a catalog's reading wins.
        #expect(analyzer.reading(of: "東野圭吾") == "トウノ ケイゴ")
        #expect(analyzer.reading(of: "") == nil)
        #expect(analyzer.reading(of: "\0\0") == nil)
    }

    @Test("hostile text is read within its cap, never whole")
    func longTextIsCut() throws {
        let analyzer = try Self.ipadic()
        let reading = try #require(analyzer.reading(of: String(repeating: "猫", count: 100_000)))
        #expect(reading.utf8.count <= 4 * MeCabAnalyzer.maximumTextBytes)
    }

    @Test("a book gets readings for its kanji texts, the catalog's kept; Chinese and Korean books none")
    func booksGetReadings() throws {
        let analyzer = try Self.ipadic()
        var book = Book(
            source: "t", sourceID: "1", title: "容疑者Xの献身", authors: ["東野圭吾"],
            textReadings: ["東野圭吾": "ひがしの けいご"])
        book.addTextReadings(using: analyzer)
        #expect(book.textReadings["東野圭吾"] == "ひがしの けいご")
        #expect(book.textReadings["容疑者Xの献身"]?.hasPrefix("ヨウギ") == true)
        var chinese = Book(source: "t", sourceID: "2", title: "三体", authors: ["刘慈欣"], language: "zh")
        chinese.addTextReadings(using: analyzer)
        #expect(chinese.textReadings.isEmpty)
    }

    @Test("the installed dictionary: the folder given, else UniDic when installed, else IPADIC")
    func dictionaryChoice() throws {
        let unidic = FileManager.default.fileExists(atPath: "/var/lib/mecab/dic/unidic/sys.dic")
        #expect(MeCabDictionary.installed()?.kind == (unidic ? .unidic : .ipadic))
        let chosen = MeCabDictionary.installed(folder: "/var/lib/mecab/dic/ipadic-utf8")
        #expect(chosen == MeCabDictionary(folder: "/var/lib/mecab/dic/ipadic-utf8", kind: .ipadic))
        #expect(throws: MeCabError.self) {
            try MeCabAnalyzer(dictionary: MeCabDictionary(folder: "/nonexistent", kind: .ipadic))
        }
        // The library names the folder, never the CLI's variable.
        let message = "\(MeCabError.cannotOpen("/nonexistent"))"
        #expect(message.contains("/nonexistent") && !message.contains("SCOUT_"))
    }
}
