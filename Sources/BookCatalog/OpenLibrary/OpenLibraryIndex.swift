import Foundation

/// What the first pass over a dump learns, so works can be resolved whatever order the files
/// come in: every author's name, every redirect, the works deleted or redirected, and which
/// kinds of record each file holds (so later passes skip files with none of theirs). Its size
/// grows with the author and redirect keys, never with the editions or the text of the dump.
struct OpenLibraryIndex {
    /// Author names by author number (`/authors/OL<number>A`), cut to ``FieldLimits/authors``.
    var authorNames: [Int: String] = [:]
    /// Where a redirected key now lives.
    var redirects: [OpenLibraryKey: OpenLibraryKey] = [:]
    /// Works the dump deletes or redirects: none may stay a book of their own.
    var retiredWorks: Set<Int> = []
    /// The kinds of record each file holds, by file index.
    var types: [Set<OpenLibraryRecordType>] = []

    /// The most redirects followed from one key: a chain longer, or a loop, ends where it is.
    static let maxHops = 8

    /// `key` after its redirects.
    func resolve(_ key: OpenLibraryKey) -> OpenLibraryKey {
        var current = key
        for _ in 0..<Self.maxHops {
            guard let next = redirects[current] else { break }
            current = next
        }
        return current
    }

    /// The names of `authors`, in order, each after its redirects; authors the dump does not
    /// name are left out, and a name credited twice counts once.
    func names(of authors: [OpenLibraryKey]) -> [String] {
        var names: [String] = []
        for key in authors {
            if let name = authorNames[resolve(key).number], !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Reads authors, redirects and deletions from every line of `scan`'s files; bad lines of
    /// those types go to `skips`, as do lines longer than the scan's cap (reported here only,
    /// since only this pass reads every line).
    static func read(_ scan: DumpScan, names: [String], skips: DumpSkips) throws -> OpenLibraryIndex {
        var index = OpenLibraryIndex(types: Array(repeating: [], count: scan.files.count))
        try scan.run { file, line in
            guard let bytes = line.bytes else {
                skips.add(
                    file: names[file], line: line.number,
                    reason: "The line is \(line.length) bytes long, more than the \(scan.maxLineBytes) read.")
                return
            }
            let type = OpenLibraryRecordType(line: bytes)
            index.types[file].insert(type)
            guard type == .author || type == .redirect || type == .delete else { return }
            switch OpenLibraryLine.parse(bytes) {
            case .success(.author(let key, let name)?): index.authorNames[key.number] = name
            case .success(.redirect(let key, let location)?):
                index.redirects[key] = location
                if key.kind == .work { index.retiredWorks.insert(key.number) }
            case .success(.delete(let key)?):
                if key.kind == .work { index.retiredWorks.insert(key.number) }
            case .success: break
            case .failure(let refusal): skips.add(file: names[file], line: line.number, reason: refusal.reason)
            }
        }
        return index
    }

    /// Folds every edition of the files that hold editions into a summary per work (after its
    /// redirects); bad edition lines go to `skips`. The lines are read on another thread than the
    /// one parsing them (``DumpScan/runReadingAhead(_:)``): editions are most of a dump.
    func editions(_ scan: DumpScan, names: [String], skips: DumpSkips) throws -> [Int: EditionSummary] {
        var summaries: [Int: EditionSummary] = [:]
        try scan.runReadingAhead { file, line in
            guard let bytes = line.bytes, OpenLibraryRecordType(line: bytes) == .edition else { return }
            switch OpenLibraryLine.parse(bytes) {
            case .success(.edition(let edition)?):
                for work in Set(edition.works.map(resolve)) {
                    summaries[work.number, default: EditionSummary()].add(edition)
                }
            case .success: break
            case .failure(let refusal): skips.add(file: names[file], line: line.number, reason: refusal.reason)
            }
        }
        return summaries
    }
}
