import Foundation

/// The catalog Scout ships with: about 300 well-known books across genres and eras, written
/// for Scout as JSON Lines (facts only: title, authors, first publication year, series and
/// number, original language, a few tags) and embedded in the binary.
///
/// ```swift
/// if let summary = try await StarterCatalog.installIfEmpty(into: store) {
///     print("Installed \(summary.imported) starter books")
/// }
/// ```
public enum StarterCatalog {
    /// The ``Book/source`` of every starter book.
    public static let source = "scout-starter"

    /// The embedded catalog's path under `Assets/`.
    static let assetPath = "starter-catalog.jsonl"

    /// The embedded catalog, in ``JSONLinesImporter``'s format:
    /// `try await JSONLinesImporter(store: store).importBooks(from: StarterCatalog.data)`.
    public static var data: Data {
        Data(EmbeddedAssets.files[assetPath] ?? [])
    }

    /// Imports the starter catalog and rebuilds relations when `store` holds no books; returns
    /// `nil` and changes nothing when it already holds some. Installing is idempotent, so two
    /// racing calls still leave one copy of each book.
    ///
    /// ```swift
    /// let summary = try await StarterCatalog.installIfEmpty(into: store)  // nil the second time
    /// ```
    public static func installIfEmpty(into store: any BookStore) async throws -> ImportSummary? {
        guard try await store.count() == 0 else { return nil }
        let summary = try await JSONLinesImporter(store: store).importBooks(from: data)
        try await store.rebuildRelations()
        return summary
    }
}
