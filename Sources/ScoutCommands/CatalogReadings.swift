import BookCatalog
import JapaneseReadings

/// The reading analyzer the commands give the catalogs they open, so every book they write gets
/// the kana readings of its Japanese titles and names (``Book/addTextReadings(using:)``).
enum CatalogReadings {
    /// MeCab over the installed dictionary; `nil`, with a sentence on standard error saying
    /// what is lost and what to do, when MeCab cannot open one.
    static func analyzer() -> (any ReadingAnalyzer)? {
        do {
            return try MeCabAnalyzer()
        } catch {
            Console.error("scout: \(error)")
            return nil
        }
    }
}
