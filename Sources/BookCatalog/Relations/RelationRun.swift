/// Everything a rebuild reads for the whole catalog, prepared once — the catalog grouped,
/// reader picks by book, authors' books ranked, links by page — so that the relations of any
/// chunk of source books cost those books' work alone. ``BookStore/rebuildRelations(affecting:)``
/// computes the relations a chunk at a time and hands each to the store as it is done, so it
/// never holds more than two chunks' relations.
///
/// ```swift
/// let run = RelationRun(builder: RelationBuilder(), catalog: catalog, picks: picks, links: links)
/// let first = await run.relations(at: run.sourcePositions(nil).prefix(1_000))
/// ```
struct RelationRun: Sendable {
    /// How many source books a rebuild computes and writes at a time: at the catalog's ~15
    /// relations a book some 150,000 relations, tens of megabytes with their reasons, and
    /// enough books that each chunk's parallel pieces keep both cores busy.
    static let booksPerChunk = 10_000

    let builder: RelationBuilder
    let catalog: RelationCatalog
    let reading: CoReading
    let authors: AuthorRanking
    let links: ListedLinks

    init(builder: RelationBuilder, catalog: RelationCatalog, picks: [ReaderPick], links: [OutgoingLink]) {
        self.builder = builder
        self.catalog = catalog
        reading = CoReading(picks: picks, catalog: catalog)
        authors = AuthorRanking(catalog)
        self.links = ListedLinks(links: links, catalog: catalog)
    }

    /// The positions of the books of `sources` (every book for `nil`), by id ascending: the
    /// order chunks are made in, so each chunk's rows reach the store's primary key in order.
    func sourcePositions(_ sources: Set<Int64>?) -> [Int] {
        let ids = catalog.ids
        let positions = catalog.sourcePositions(sources)
        let ascending = zip(positions, positions.dropFirst()).allSatisfy { ids[$0] < ids[$1] }
        return ascending ? positions : positions.sorted { ids[$0] < ids[$1] }
    }

    /// Every relation from the books at `positions` (ids ascending), kind by kind as
    /// ``RelationBuilder/relations(among:picks:links:from:chunkSize:)`` gives them, repeats and
    /// relations to the book itself left out. Similar tags and also enjoyed, the costly rules,
    /// run in parallel pieces. A book's relations depend on the whole catalog but on no other
    /// source, so the chunks together are exactly the relations of all their books.
    func relations(at positions: ArraySlice<Int>) async -> [Relation] {
        let (builder, catalog, reading) = (builder, catalog, reading)
        let sources = Array(positions)
        let readerSources = sources.filter { !reading.readers[$0].isEmpty }
        let tags = await RelationBuilder.inChunks(sources, size: nil) {
            builder.similarTags(in: catalog, at: $0).relations
        }
        let enjoyed = await RelationBuilder.inChunks(readerSources, size: nil) {
            builder.alsoEnjoyed(reading, in: catalog, at: $0)
        }
        let all =
            builder.sameSeries(in: catalog, at: sources)
            + builder.sameAuthor(in: catalog, ranking: authors, at: sources) + tags + enjoyed
            + builder.listedSimilar(links, in: catalog, at: sources)
        return RelationBuilder.withoutSelfOrRepeats(all)
    }
}
