import BookCatalog
import ScoutModels

extension BooksCommand {
    /// How many merged books `dedupe` names one by one; the rest are counted.
    static let listedMerges = 20

    /// `scout books dedupe`: merges the duplicates, rebuilds the survivors' relations and says
    /// what it did:
    ///
    /// ```
    ///   The Hunger Games — Suzanne Collins (2008): 2 records
    /// Merged 1 duplicate book into 1 book; rebuilt 42 relations.
    /// ```
    func dedupe(_ store: any BookStore) async throws {
        let groups = try await store.mergeDuplicates()
        guard !groups.isEmpty else {
            Console.out("No duplicate books in \(databaseLabel).")
            return
        }
        for group in groups.prefix(Self.listedMerges) {
            let book = group.book
            let year = book.year.map { " (\($0))" } ?? ""
            let line = "  \(book.title) — \(book.authors.joined(separator: ", "))\(year): "
            Console.out(TerminalText.sanitize(line + "\(group.duplicates.count + 1) records"))
        }
        if groups.count > Self.listedMerges { Console.out("  … and \(groups.count - Self.listedMerges) more") }
        let relations = try await store.rebuildRelations(affecting: Set(groups.map(\.book.id)))
        let merged = groups.reduce(0) { $0 + $1.duplicates.count }
        Console.out(
            "Merged \(merged) duplicate \(merged == 1 ? "book" : "books") into \(groups.count) "
                + "\(groups.count == 1 ? "book" : "books"); rebuilt \(relations) relations.")
    }
}
