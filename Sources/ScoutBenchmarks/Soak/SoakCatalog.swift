import Foundation
import HTTPServer
import ScoutTestSupport

/// What the soaks' fake upstreams hold: the goodbooks-10k titles the typing script types, as
/// Wikipedia articles (every other one with a page image), Commons files and Flickr photos — so
/// typed prefixes find results, as they would upstream.
enum SoakCatalog {
    /// How many Commons files and Flickr photos the fakes hold: those fakes fold every title
    /// for every search, about 50 µs each, so thousands would make the fake, not Scout, the
    /// slow part (and take the soak's own threads).
    static let photoCount = 400

    /// Book titles from ../shared/data/goodbooks-10k, most read first.
    static func titles(limit: Int = 3000) throws -> [String] {
        try TypingScript.bookTitles(from: SharedFixtures.url("data/goodbooks-10k/books.csv"), limit: limit)
    }

    /// Runs `body` with fake Wikipedia (every title an article) and Commons (the first
    /// ``photoCount`` as files), each listening on its address of `hosts`.
    static func withFakeWikimedia<T>(
        titles: [String], at hosts: (wikipedia: String, commons: String),
        _ body: (FakeWikipedia, FakeCommons) async throws -> T
    ) async throws -> T {
        try await withFakeWikipedia(pages: pages(titles), configuration: .fakeUpstream(at: hosts.wikipedia)) {
            wikipedia in
            try await withFakeCommons(
                files: files(Array(titles.prefix(photoCount))), configuration: .fakeUpstream(at: hosts.commons)
            ) { commons in try await body(wikipedia, commons) }
        }
    }

    static func pages(_ titles: [String]) -> [FakeWikipedia.Page] {
        titles.enumerated().map { index, title in
            let thumbnail =
                index % 2 == 0
                ? FakeWikipedia.Thumbnail(
                    source: "https://upload.wikimedia.org/wikipedia/commons/a/ab/Cover_\(index).jpg", width: 800,
                    height: 1200)
                : nil
            return FakeWikipedia.Page(
                pageID: index + 1, title: title, description: "Book number \(index + 1)", thumbnail: thumbnail,
                extract: "\(title) is a book.")
        }
    }

    static func files(_ titles: [String]) -> [FakeCommons.File] {
        titles.enumerated().map { index, title in
            FakeCommons.File(
                pageID: 100_000 + index, title: "File:\(title) cover.jpg", width: 1600, height: 1200,
                artist: #"<a href="//commons.wikimedia.org/wiki/User:Soak">Soak \#(index)</a>"#,
                license: "CC BY-SA 4.0", text: title)
        }
    }

    static func photos(_ titles: [String]) -> [FakeFlickr.Photo] {
        titles.enumerated().map { index, title in
            FakeFlickr.Photo(
                id: "\(50_000_000_000 + index)", owner: "\(index)@N01", secret: String(format: "%010x", index * 7919),
                server: "65535", title: title, ownerName: "Photographer \(index % 97)", license: 4,
                tags: title.lowercased().split(separator: " ").map(String.init), width: 2048, height: 1536)
        }
    }

    /// `url` with its host replaced (the fakes report 127.0.0.1; each soak fake listens on an
    /// address of its own, so that Scout keeps a budget per fake).
    static func url(_ url: URL, host: String) -> String {
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.host = host
        return components.string!
    }
}

extension ServerConfiguration {
    /// ``fakeUpstream`` listening on `host` (another address of 127.0.0.0/8).
    static func fakeUpstream(at host: String) -> ServerConfiguration {
        var configuration = ServerConfiguration.fakeUpstream
        configuration.host = host
        return configuration
    }
}
