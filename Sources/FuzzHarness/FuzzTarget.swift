#if DEBUG
    import Foundation

    /// One fuzz target: a name and what it does with one input, returning the properties that did
    /// not hold (empty when all did). A crash inside is a finding too.
    ///
    /// The targets reach internal decoders through `@testable import`, which only a debug build
    /// allows, so this module is empty in release builds (`make fuzz` and `make test` build debug).
    ///
    /// ```swift
    /// let problems = FuzzTargets.named("robots-txt")?.run(Data("User-agent: *".utf8))
    /// ```
    public struct FuzzTarget: Sendable {
        public let name: String
        public let run: @Sendable (Data) -> [String]

        init(_ name: String, _ run: @escaping @Sendable (Data) -> [String]) {
            self.name = name
            self.run = run
        }
    }

    /// Every fuzz target, by name: `Fuzz/Corpus/<name>/` holds its corpus.
    public enum FuzzTargets {
        public static let all: [FuzzTarget] = [
            mediaWikiReplies, commonsReplies, flickrReplies, imageHeaders, robotsTxt, bookPages, goodbooksCSV,
            goodreadsExportCSV, jsonLines, openLibraryLine, terminalKeys, searchQueries, requestTargets, storeSearch,
            postgresSearch, sharedPages, searchIndexFile,
        ]

        /// The target called `name`, if there is one.
        public static func named(_ name: String) -> FuzzTarget? {
            all.first { $0.name == name }
        }
    }

    /// `condition` as a list of at most one problem, for targets to add up.
    func check(_ condition: Bool, _ problem: @autoclosure () -> String) -> [String] {
        condition ? [] : [problem()]
    }

    /// Fuzz input as text: valid UTF-8 is kept as is, invalid bytes become U+FFFD.
    func text(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self)
    }
#endif
