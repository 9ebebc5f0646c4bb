import Foundation
import HTTPServer
import ImageLoading
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// The whole page with the keyboard alone, in the same serialized suite as the other
/// scenarios: Wikipedia (with a suggestion, and a fault switched on and off), the book catalog,
/// Commons and Flickr, so that every feature is there to reach.
extension WebPageBrowserTests {
    @Test("keyboard only: every feature by Tab, arrows, Enter, Space and Esc, focus always shown where expected")
    func keyboardOnly() async throws {
        let titles = BrowserFixtures.planets + BrowserFixtures.zurich
        try await withThumbnailServer { images in
            try await withBookCatalog(BookFixtures.books(coverBase: images.base)) { store in
                try await withFakeCommons(files: PhotoFixtures.files(40)) { commons in
                    try await withFakeFlickr(photos: PhotoFixtures.photos(24)) { flickr in
                        try await withFakeWikipedia(
                            pages: BrowserFixtures.pages(titles, images: images), suggestions: ["zurik": "zurich"]
                        ) { wikipedia in
                            try await runScenario(
                                "keyboard-only", wikipedia: wikipedia, images: images, books: store,
                                control: { command in
                                    switch command {
                                    case "fail": wikipedia.faults.inject(.status(503))
                                    case "recover": wikipedia.faults.clearFaults()
                                    default: throw ScenarioControlError.unknown(command)
                                    }
                                },
                                configure: { configuration in
                                    configuration.usePhotoFakes(
                                        commons: commons, flickr: flickr, imageBase: images.base)
                                })
                        }
                    }
                }
            }
        }
    }
}
