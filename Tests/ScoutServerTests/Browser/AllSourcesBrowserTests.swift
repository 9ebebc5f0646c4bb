import Foundation
import HTTPServer
import ImageLoading
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// The All tab in Chromium, in the same serialized suite as the other scenarios: Wikipedia slow
/// until told otherwise, the book catalog (with nothing for the query: an empty section) and
/// Commons failing until it recovers, so that one search shows a section loading, one empty and
/// one failed side by side, then Retry in the failed one alone.
extension WebPageBrowserTests {
    @Test("All: sections in a fixed order as each source answers, places held, one failed with Retry, ↑/↓ across, axe")
    func allSources() async throws {
        try await withThumbnailServer { images in
            try await withBookCatalog(BookFixtures.books(coverBase: images.base)) { store in
                try await withFakeCommons(files: PhotoFixtures.files(40)) { commons in
                    try await withFakeWikipedia(
                        pages: BrowserFixtures.pages(["Hut", "Hut Point", "Hutch", "Hutton"], images: images)
                    ) { wikipedia in
                        try await runScenario(
                            "all-sources", wikipedia: wikipedia, images: images, books: store,
                            control: { command in
                                switch command {
                                case "slow-wikipedia":
                                    wikipedia.faults.latency = .seconds(3)
                                    commons.faults.inject(.status(503))
                                case "recover":
                                    wikipedia.faults.latency = .zero
                                    commons.faults.clearFaults()
                                default: throw ScenarioControlError.unknown(command)
                                }
                            },
                            configure: { configuration in
                                configuration.commonsAPIAddress = commons.baseURL.absoluteString  // Flickr: no key
                                // Wikipedia's 3 s must not reach the deadlines: its line is a reply.
                                configuration.upstreamDeadline = .seconds(8)
                                configuration.multisearchDeadline = .seconds(9)
                            })
                    }
                }
            }
        }
    }
}
