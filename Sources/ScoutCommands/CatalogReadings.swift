import BookCatalog
import JapaneseReadings

/// The reading analyzer the commands give the catalogs they open, so every book they write gets
/// the kana readings of its Japanese titles and names (``Book/addTextReadings(using:)``).
enum CatalogReadings {
    /// MeCab over `folder` (`SCOUT_MECAB_DICTIONARY`) or else the installed dictionary; `nil`,
    /// with a sentence on standard error saying what is lost and what to do, when MeCab cannot
    /// open one.
    static func analyzer(folder: String?) -> (any ReadingAnalyzer)? {
        do {
            return try MeCabAnalyzer(dictionary: MeCabDictionary.installed(folder: folder))
        } catch MeCabError.cannotOpen(let path) {
            Console.error("scout: \(MeCabError.cannotOpen(path)) (It came from SCOUT_MECAB_DICTIONARY.)")
        } catch {
            Console.error("scout: \(error)")
        }
        return nil
    }
}
