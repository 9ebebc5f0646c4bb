import BookCatalog
import BookStorage
import Foundation
import ScoutTestSupport

/// `scout-bench serve-start`: how soon `scout serve` answers its first ranked book search on a
/// generated catalog, and how much of the search index it holds in memory, with the index file
/// the import wrote (``SearchIndexFile``: beside a SQLite catalog, in the cache folder's
/// `search-index` for PostgreSQL) and without it (the index built from the store). Books:
/// `SCOUT_BENCH_SERVE_BOOKS` (1,000,000 by default), written as JSON Lines and imported as
/// `scout books import jsonl` imports them. Goals: the first answer within 1 s, and at
/// most 64 bytes a book of the index resident.
struct ServeStartBenchmark {
    static let books = ProcessInfo.processInfo.environment["SCOUT_BENCH_SERVE_BOOKS"].flatMap(Int.init) ?? 1_000_000
    /// What is searched for: a common generated word, as typed.
    static let query = "kalo ve"

    func run() async throws {
        try await withTemporaryDirectory(prefix: "scout-bench-serve-start") { directory in
            var report = Report(
                title: "scout serve start on \(Self.books) generated books: first ranked search and index memory",
                columns: [
                    "store", "index file", "search ready", "first answer", "goal ≤ 1 s", "server RSS", "index resident",
                    "a book",
                    "goal ≤ 64 B", "file a book",
                ])
            // The server's cache folder (SCOUT_CACHE_DIR), where a PostgreSQL catalog's file is kept.
            let cache = directory.appending(path: "cache")
            let indexDirectory = cache.appending(path: "search-index")
            func open(_ location: String) async throws -> any BookStore {
                try await BookStores.open(try CatalogLocation(location), searchIndexDirectory: indexDirectory)
            }
            for kind in try BenchStore.available() {
                let location = kind.location(in: directory, name: "serve_start")
                let store = try await kind.open(location)
                let clock = ContinuousClock()
                var indexed: (any BookStore)?
                let loading = try await clock.measure {
                    // As a user loads a catalog: `scout books import jsonl`, its bulk path.
                    let lines = directory.appending(path: "serve_start.jsonl")
                    try await GeneratedCatalog.writeJSONLines(count: Self.books, seed: 37, to: lines)
                    defer { try? FileManager.default.removeItem(at: lines) }
                    let summary = try await JSONLinesImporter(store: store).importBooks(from: lines)
                    guard summary.skipped.isEmpty else {
                        throw BenchmarkFailure(
                            "serve-start's import skipped \(summary.skipped.count) generated lines, the first: "
                                + "\(summary.skipped[0].reason)")
                    }
                    // What `scout books import` does last: writes the index file.
                    indexed = try await open(location)
                    try await indexed?.prepareSearch()
                }
                print("serve-start: \(kind.name) catalog of \(Self.books) books loaded and indexed in \(loading)")
                let file =
                    SearchIndexFile(besideDatabase: location)
                    ?? (indexed as? PostgresBookStore)?.catalogIdentity.map {
                        SearchIndexFile(directory: indexDirectory.path, catalogIdentity: $0)
                    }
                let fileSize = file.flatMap {
                    try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int
                }
                if let extents = file?.sectionExtents() {
                    let sizes = extents.sorted { $0.bytes.count > $1.bytes.count }
                        .map { "\($0.name) \((Double($0.bytes.count) / Double(Self.books)).formatted(decimals: 1)) B" }
                    print("serve-start: \(kind.name) index file by section, a book: " + sizes.joined(separator: ", "))
                }
                for usesFile in [true, false] {
                    if !usesFile, let file { try? FileManager.default.removeItem(atPath: file.path) }
                    if usesFile && fileSize == nil { continue }
                    // In process: what a fresh store takes to have its dictionary and index ready.
                    let ready = try await clock.measure { try await open(location).prepareSearch() }
                    if !usesFile, let file { try? FileManager.default.removeItem(atPath: file.path) }
                    let start = try Self.measureStart(database: location, cache: cache, file: file)
                    let perBook = Double(start.indexResident) / Double(Self.books)
                    // Without a file the index lies in the heap, among everything else; with one not
                    // yet mapped, the server is still building the index.
                    let measured = file != nil && start.indexResident > 0
                    report.add([
                        kind.name, usesFile ? "mapped" : "built from store", ready.milliseconds,
                        start.firstAnswer.milliseconds,
                        start.firstAnswer <= .seconds(1) ? "met" : "NOT met", "\(start.residentBytes / 1_048_576) MiB",
                        measured ? "\(start.indexResident / 1024) KiB" : file == nil ? "in the heap" : "still building",
                        measured ? "\(perBook.formatted(decimals: 1)) B" : "-",
                        measured ? (perBook <= 64 ? "met" : "NOT met") : "not measured",
                        fileSize.map { "\((Double($0) / Double(Self.books)).formatted(decimals: 1)) B" } ?? "no file",
                    ])
                }
            }
            report.print()
            print(
                "\"search ready\": a fresh store's prepareSearch() in process (dictionary and index); "
                    + "\"index resident\": the resident pages of the mapped index file (smaps), after 20 searches "
                    + "and the background preparation; \"first answer\": from launching the process to the first "
                    + "200 from /api/v1/books/search?q=\(Self.query).")
        }
    }

    /// One start of `scout serve` on `database`, its cache folder `cache`, its index file `file`.
    struct Start {
        let firstAnswer: Duration
        let residentBytes: Int
        let indexResident: Int
    }

    static func measureStart(database: String, cache: URL, file: SearchIndexFile?) throws -> Start {
        let clock = ContinuousClock()
        let started = clock.now
        let server = try ScoutServe(
            threads: 2, extraArguments: ["--database", database], environment: ["SCOUT_CACHE_DIR": cache.path])
        defer { server.stop() }
        let search = "/api/v1/books/search?q=\(query.replacingOccurrences(of: " ", with: "+"))&limit=10"
        var answered = false
        // Polled every 10 ms for at most 10 minutes.
        for _ in 0..<60_000 where !answered {
            answered = (try? server.fetch(search)) != nil
            if !answered { usleep(10_000) }
        }
        guard answered else { throw BenchmarkFailure("scout serve answered no ranked search within 10 minutes") }
        let firstAnswer = started.duration(to: clock.now)
        // Let the background preparation finish (the dictionary, the index) before memory is read.
        sleep(3)
        for word in ["ka", "lo", "mi", "ra", "tho", "ven", "sel", "dor", "an", "bri"] + ["cal", "den", "el", "fin"] {
            _ = try? server.fetch("/api/v1/books/search?q=\(word)&limit=20")
        }
        if let file, let extents = file.sectionExtents() {
            print("serve-start: resident by section: " + server.residentSections(of: file.path, extents))
        }
        return Start(
            firstAnswer: firstAnswer, residentBytes: server.residentBytes ?? 0,
            indexResident: server.residentBytes(ofMappingsEndingWith: ".search-index"))
    }
}

extension ScoutServe {
    /// The resident bytes of the server's mappings of files whose path ends with `suffix`, from
    /// /proc's smaps; 0 when none.
    func residentBytes(ofMappingsEndingWith suffix: String) -> Int {
        // Read to the end: /proc files report a size of 0.
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(processIdentifier)/smaps"),
            let data = try? handle.readToEnd()
        else { return 0 }
        try? handle.close()
        let smaps = String(decoding: data, as: UTF8.self)
        var inMapping = false
        var total = 0
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                inMapping = fields.last.map { $0.hasSuffix(suffix) } ?? false
            } else if inMapping, fields.first == "Rss:", fields.count >= 2, let kilobytes = Int(fields[1]) {
                total += kilobytes * 1024
            }
        }
        return total
    }

    /// Which sections of the index file at `path` the server holds resident, as
    /// "name KiB" for each section with a resident page, largest first: the mapping's pages
    /// from /proc's maps, each page's presence from its pagemap (bit 63, readable by the
    /// process's owner). "unknown" when /proc does not tell.
    func residentSections(of path: String, _ extents: [(name: String, bytes: Range<Int>)]) -> String {
        let page = 4096
        guard let maps = try? String(contentsOfFile: "/proc/\(processIdentifier)/maps", encoding: .utf8),
            let line = maps.split(separator: "\n").first(where: { $0.hasSuffix(path) }),
            let fields = Optional(line.split(separator: " ", omittingEmptySubsequences: true)), fields.count >= 6,
            let bounds = Optional(fields[0].split(separator: "-")), bounds.count == 2,
            let start = Int(bounds[0], radix: 16), let end = Int(bounds[1], radix: 16),
            let fileOffset = Int(fields[2], radix: 16), fileOffset == 0,
            let pagemap = FileHandle(forReadingAtPath: "/proc/\(processIdentifier)/pagemap")
        else { return "unknown" }
        defer { try? pagemap.close() }
        let pages = (end - start) / page
        guard (try? pagemap.seek(toOffset: UInt64(start / page * 8))) != nil,
            let data = try? pagemap.read(upToCount: pages * 8), data.count == pages * 8
        else { return "unknown" }
        let present = data.withUnsafeBytes { raw in
            (0..<pages).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self) >> 63 == 1 }
        }
        // A page shared by two sections counts for both: the sum may exceed the mapping's.
        let resident = extents.map { name, bytes -> (String, Int) in
            guard !bytes.isEmpty else { return (name, 0) }
            let pagesOfSection = (bytes.lowerBound / page)...((bytes.upperBound - 1) / page)
            return (name, pagesOfSection.filter { $0 < pages && present[$0] }.count * page)
        }
        return resident.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }.map { "\($0.0) \($0.1 / 1024) KiB" }
            .joined(separator: ", ")
    }
}
