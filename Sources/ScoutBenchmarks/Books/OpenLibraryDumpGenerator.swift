import Foundation
import ScoutTestSupport

/// Writes an Open Library dump of `works` works in the real format (the three files Open Library
/// publishes, lines as ``OpenLibrarySampleDump`` writes them), with ~0.3 authors and ~1.5
/// editions per work (1.46) and the awkward records of the real dumps in proportion: author roles,
/// covers of -1, typed descriptions, redirected works with editions still pointing at them,
/// deleted works, works without editions and editions of no work. Series and subjects are as
/// real catalogs have them (``GeneratedShelves``): 3–8 Zipf-distributed subjects a work, and
/// series of 2–12 works by one author named on their editions, one series per ~20 works.
/// Deterministic for a seed; written in 1 MiB chunks, so a million works take the disk, not the
/// memory.
struct OpenLibraryDumpGenerator {
    let works: Int
    var seed: UInt64 = 37

    static let words = [
        "shadow", "river", "winter", "garden", "empire", "silent", "glass", "stone", "letters", "night", "harbor",
        "orchard", "crown", "salt", "memory", "iron", "lantern", "falcon", "summer", "archive", "island", "machine",
        "daughter", "kingdom", "desert", "violin", "forest", "paper", "thunder", "compass", "mirror", "ember",
    ]
    var authorCount: Int { max(works * 3 / 10, 1) }

    /// Writes `ol_dump_authors.txt`, `ol_dump_works.txt` and `ol_dump_editions.txt` into
    /// `directory`; returns them in that order.
    func write(to directory: URL) throws -> [URL] {
        var random = SplitMix64(seed: seed)
        // Two shelves of one seed deal the same series to the same works: the works pass takes
        // their subjects and authors, the editions pass their series names, and no map of a
        // million works is held between the passes.
        var names = SplitMix64(seed: seed)
        let vocabulary = (0..<40_000).map { _ in GeneratedCatalog.word(&names) }
        var workShelves = GeneratedShelves(seed: seed, words: vocabulary)
        var editionShelves = workShelves
        let urls = ["authors", "works", "editions"].map { directory.appending(path: "ol_dump_\($0).txt") }
        try write(urls[0]) { emit in
            for number in 1...authorCount {
                let name =
                    "\(Self.words[number % Self.words.count].capitalized) \(Self.words[(number / 7) % Self.words.count].capitalized) \(number)"
                emit(
                    OpenLibrarySampleDump.author(
                        "OL\(number)A",
                        #"{"name": "\#(name)", "type": {"key": "/type/author"}, "key": "/authors/OL\#(number)A"}"#))
            }
        }
        try write(urls[1]) { emit in
            for number in 1...works {
                let author = Int.random(in: 1...authorCount, using: &random)
                let shelving = workShelves.next(author: String(author))
                // A series' works share their first author: the author number it opened with.
                let first = shelving.series.flatMap { Int($0.author) } ?? author
                if number % 97 == 0 {
                    emit(
                        "/type/redirect\t/works/OL\(number)W\t2\t2019-01-01T00:00:00.000000\t{\"location\": \"/works/OL\(number - 1)W\"}"
                    )
                    continue
                }
                if number % 211 == 0 {
                    emit(
                        "/type/delete\t/works/OL\(number)W\t2\t2019-01-01T00:00:00.000000\t{\"key\": \"/works/OL\(number)W\"}"
                    )
                    continue
                }
                emit(
                    OpenLibrarySampleDump.work(
                        "OL\(number)W",
                        Self.workJSON(
                            number, first: first, subjects: shelving.subjects, random: &random, authors: authorCount)))
            }
        }
        try write(urls[2]) { emit in
            var edition = 0
            for number in 1...works {
                let series = editionShelves.next(author: "").series?.name
                // Two editions of even works, one of odd ones but every 13th: ~1.46 per work.
                for copy in 0..<(number % 2 == 0 ? 2 : number % 13 == 0 ? 0 : 1) {
                    edition += 1
                    emit(
                        OpenLibrarySampleDump.edition(
                            "OL\(edition)M", Self.editionJSON(number, copy: copy, series: series, random: &random)))
                }
            }
            edition += 1
            emit(OpenLibrarySampleDump.edition("OL\(edition)M", #"{"title": "An edition of no work"}"#))
        }
        return urls
    }

    /// Work `number`, by author number `first` (and an illustrator for every fifth work).
    static func workJSON(
        _ number: Int, first: Int, subjects: [String], random: inout SplitMix64, authors: Int
    ) -> String {
        let title = (0..<Int.random(in: 2...5, using: &random)).map { _ in words.randomElement(using: &random)! }
            .joined(separator: " ").capitalized
        var credits = [#"{"author": {"key": "/authors/OL\#(first)A"}, "type": {"key": "/type/author_role"}}"#]
        if number % 5 == 0 {
            credits.append(
                #"{"author": {"key": "/authors/OL\#(Int.random(in: 1...authors, using: &random))A"}, "type": {"key": "/type/author_role"}, "role": "Illustrator"}"#
            )
        }
        let tags = subjects.map { "\"\($0)\"" }
        let cover = number % 3 == 0 ? "[-1]" : "[\(number * 7 + 11)]"
        let description =
            number % 2 == 0
            ? #""A story of \#(title.lowercased()), told in \#(number % 40 + 3) chapters.""#
            : #"{"type": "/type/text", "value": "The \#(title.lowercased()) and what became of it."}"#
        return
            #"{"title": "\#(title)", "key": "/works/OL\#(number)W", "authors": [\#(credits.joined(separator: ", "))], "#
            + #""subjects": [\#(tags.joined(separator: ", "))], "first_publish_date": "\#(1800 + number % 225)", "#
            + #""covers": \#(cover), "description": \#(description), "type": {"key": "/type/work"}, "revision": 3, "#
            + #""latest_revision": 3, "created": {"type": "/type/datetime", "value": "2009-12-11T01:57:19.964652"}}"#
    }

    static func editionJSON(_ work: Int, copy: Int, series: String?, random: inout SplitMix64) -> String {
        let isbn = String(format: "978%010ld", (work * 2 + copy) % 10_000_000_000)
        let language = ["eng", "fre", "ger", "spa"][(work + copy) % 4]
        let series = series.map { #", "series": ["\#($0)"]"# } ?? ""
        return #"{"works": [{"key": "/works/OL\#(work)W"}], "title": "Edition \#(copy)", "#
            + #""isbn_13": ["\#(isbn)"], "languages": [{"key": "/languages/\#(language)"}], "#
            + #""publishers": ["\#(words.randomElement(using: &random)!.capitalized) Press"], "number_of_pages": \#(100 + work % 400), "#
            + #""publish_date": "\#(1900 + (work + copy) % 120)", "covers": [\#(copy == 0 ? -1 : work * 3)]\#(series), "#
            + #""type": {"key": "/type/edition"}}"#
    }

    /// Writes the lines `body` emits to `url`, a MiB at a time.
    private func write(_ url: URL, _ body: (_ emit: (String) -> Void) throws -> Void) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure("could not create \(url.path); check the temporary directory's space")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var buffer = ""
        var failure: (any Error)?
        try body { line in
            buffer += line
            buffer += "\n"
            if buffer.utf8.count >= 1 << 20, failure == nil {
                do { try handle.write(contentsOf: Data(buffer.utf8)) } catch { failure = error }
                buffer = ""
            }
        }
        if let failure { throw failure }
        try handle.write(contentsOf: Data(buffer.utf8))
    }
}
