import Foundation
import HTTPServer
import ImageLoading
import Providers
import ScoutServer
import ScoutTestSupport
import Testing

/// The Photos tab in Chromium, against FakeCommons and FakeFlickr whose images come from the
/// test thumbnail host through Scout's real image proxy. In the same serialized suite as the
/// other scenarios: one Chromium at a time.
extension WebPageBrowserTests {
    @Test("photos: endless grid (a page fails, Retry recovers), far images released, lightbox by keyboard")
    func photos() async throws {
        try await withThumbnailServer { images in
            try await withFakeCommons(files: PhotoFixtures.files(100)) { commons in
                try await withFakeFlickr(photos: PhotoFixtures.photos(24)) { flickr in
                    try await withFakeWikipedia(pages: []) { wikipedia in
                        commons.faults.latency = .milliseconds(150)
                        try await runScenario(
                            "photos", wikipedia: wikipedia, images: images,
                            control: { command in
                                switch command {
                                case "fail-third-page": commons.failPage(atOffset: 60, times: 1000)
                                case "recover": commons.faults.clearFaults()
                                default: throw ScenarioControlError.unknown(command)
                                }
                            },
                            configure: { configuration in
                                configuration.usePhotoFakes(commons: commons, flickr: flickr, imageBase: images.base)
                            })
                    }
                }
            }
        }
    }
}

extension WebPageBrowserTests {
    @Test("XSS corpus (T2) as photo titles and authors: text in the grid and the lightbox")
    func xssPhotos() async throws {
        struct Corpus: Decodable { let payloads: [String] }
        let corpus = try JSONDecoder().decode(Corpus.self, from: Data(contentsOf: BrowserEnvironment.corpus))
        let photos = corpus.payloads.enumerated().map { index, payload in
            FakeFlickr.Photo(
                id: "\(7_000_000 + index)", owner: "35034362831@N01", secret: String(format: "ab%08x", index),
                server: "65535", title: payload, ownerName: payload, license: 4, tags: ["xss"], width: 640,
                height: 480)
        }
        try await withThumbnailServer { images in
            try await withFakeFlickr(photos: photos) { flickr in
                try await withFakeWikipedia(pages: []) { wikipedia in
                    try await runScenario(
                        "xss-photos", wikipedia: wikipedia, images: images,
                        configure: { configuration in
                            configuration.usePhotoFakes(commons: nil, flickr: flickr, imageBase: images.base)
                        })
                }
            }
        }
    }
}
