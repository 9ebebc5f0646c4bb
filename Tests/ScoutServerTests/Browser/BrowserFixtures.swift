import Foundation
import ScoutTestSupport

/// The fake Wikipedia pages each scenario expects (see the scenario's docstring in
/// `Tests/browser/scenarios.py`).
enum BrowserFixtures {
    /// Pages with `titles`, most relevant first; two of every three have a picture on `images`
    /// (the third shows the placeholder).
    static func pages(_ titles: [String], images: ThumbnailServer? = nil) -> [FakeWikipedia.Page] {
        titles.enumerated().map { index, title in
            FakeWikipedia.Page(
                pageID: 1000 + index, title: title, description: description(for: title),
                thumbnail: images.flatMap { images in
                    index % 3 == 2
                        ? nil
                        : FakeWikipedia.Thumbnail(source: images.imageURL(for: title), width: 1600, height: 1200)
                },
                extract: "\(title) is a page of the browser tests.")
        }
    }

    private static func description(for title: String) -> String? {
        let known: [String: String] = [
            "Berlin": "Capital and largest city of Germany", "Bern": "De facto capital of Switzerland",
            "Bergen": "City in Vestland, Norway", "Mercury": "Smallest planet in the Solar System",
            "Mars": "Fourth planet from the Sun", "Maple": "Genus of trees and shrubs",
            "Marble": "Metamorphic rock composed of recrystallized carbonate minerals",
            "Zürich": "Largest city in Switzerland", "Zürich Hauptbahnhof": "Main railway station of Zürich",
            "Zürichsee": "Lake in Switzerland", "Oslo": "Capital and most populous city of Norway",
            "Oslo Airport": "International airport serving Oslo", "Oslofjord": "Inlet in south-eastern Norway",
        ]
        return known[title] ?? (title.count.isMultiple(of: 3) ? nil : "Article about \(title)")
    }

    /// 5 titles starting with "B" or "Be", then 24 starting with "Ber": "b", "be" and "ber"
    /// each fill a page (and more), each with other rows first.
    static let berTitles = [
        "Bach", "Basel", "Beatles", "Bee", "Beethoven", "Berlin", "Bern", "Bergen", "Berkeley, California", "Beryllium",
        "Bermuda", "Bering Sea", "Berber languages",
        "Bergamo", "Berne Convention", "Berkshire", "Berlin Wall", "Bernese Mountain Dog", "Bertolt Brecht",
        "Bergman", "Berry", "Beret", "Bernoulli's principle", "Berenice", "Bergisch Gladbach",
        "Berliner Philharmoniker", "Bernard Shaw", "Berwick-upon-Tweed", "Beryl",
    ]

    static let planets = ["Mercury", "Mars", "Maple", "Marble", "Venus"]
    static let greek = ["Alpha", "Alphabet", "Beta", "Betamax", "Gamma", "Gamma ray"]
    static let zurich = ["Zürich", "Zürich Hauptbahnhof", "Zürichsee"]
    static let oslo = ["Oslo", "Oslo Airport", "Oslofjord"]
    static let osloMany =
        ["Oslo", "Oslo Airport", "Oslofjord", "Oslo Opera House"]
        + (1...20).map { "Oslo district \(String(format: "%02d", $0))" }
    static let items = (1...65).map { "Item \(String(format: "%03d", $0))" }

    /// SECURITY.md T2: the payloads of `Tests/browser/xss-corpus.json`, each a page titled
    /// `xss NN <payload>` with the payload as its description and text; a few carry hostile
    /// thumbnail addresses too.
    static func xssPages() throws -> [FakeWikipedia.Page] {
        struct Corpus: Decodable { let payloads: [String] }
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: BrowserEnvironment.corpus))
        let hostileImages = [
            "javascript:alert(1)", "data:image/svg+xml,<svg onload=alert(1)>",
            "https://upload.wikimedia.org/wikipedia/commons/a/ab/X\"onerror=\"alert(1).png",
            "https://evil.example/x.png",
        ]
        return corpus.payloads.enumerated().map { index, payload in
            FakeWikipedia.Page(
                pageID: 5000 + index, title: "xss \(String(format: "%02d", index)) \(payload)", description: payload,
                thumbnail: index < hostileImages.count
                    ? FakeWikipedia.Thumbnail(source: hostileImages[index], width: 120, height: 90) : nil,
                extract: payload)
        }
    }
}
