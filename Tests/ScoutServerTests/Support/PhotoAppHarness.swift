import Foundation
import HTTPServer
import Providers
import ScoutServer
import ScoutTestSupport

/// Scout's app with FakeCommons and FakeFlickr behind its photo sources. `flickrKey` nil runs
/// the server without a Flickr key; the fake accepts only ``FakeFlickr/defaultAPIKey`` unless
/// told otherwise.
func withPhotoApp<T>(
    files: [FakeCommons.File], photos: [FakeFlickr.Photo],
    flickrKey: String? = FakeFlickr.defaultAPIKey, acceptedKeys: Set<String> = [FakeFlickr.defaultAPIKey],
    configure: @escaping (inout ScoutServerConfiguration) -> Void = { _ in },
    server: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (FakeCommons, FakeFlickr, ScoutApp, UInt16) async throws -> T
) async throws -> T {
    try await withFakeCommons(files: files) { commons in
        try await withFakeFlickr(photos: photos, apiKeys: acceptedKeys) { flickr in
            try await withScoutApp(
                pages: [],
                configure: { configuration in
                    configuration.usePhotoFakes(commons: commons, flickr: flickr, flickrKey: flickrKey)
                    configure(&configuration)
                }, server: server
            ) { _, app, port in
                try await body(commons, flickr, app, port)
            }
        }
    }
}

extension ScoutServerConfiguration {
    /// Points the photo sources at `commons` and `flickr` (with `flickrKey`; nil: no Flickr key),
    /// and Flickr's image addresses at `imageBase` when given.
    mutating func usePhotoFakes(
        commons: FakeCommons?, flickr: FakeFlickr, flickrKey: String? = FakeFlickr.defaultAPIKey, imageBase: URL? = nil
    ) {
        if let commons { commonsAPIAddress = commons.baseURL.absoluteString }
        flickrAPIAddress = flickr.baseURL.absoluteString
        flickrAPIKey = flickrKey.flatMap(FlickrAPIKey.init)
        if let imageBase { flickrImageBase = imageBase }
    }
}

/// Photo fixtures shared by the API and browser tests.
enum PhotoFixtures {
    /// `count` Commons files titled "Hut NN", every third with an HTML author and a licence.
    static func files(_ count: Int, width: Int = 2000) -> [FakeCommons.File] {
        (1...count).map { number in
            FakeCommons.File(
                pageID: 100 + number, title: "File:Hut \(String(format: "%03d", number)).jpg", width: width,
                height: width * 3 / 4,
                artist: number % 3 == 1 ? #"<a href="//commons.wikimedia.org/wiki/User:Jane">Jane Doe</a>"# : nil,
                license: number % 3 == 1 ? "CC BY-SA 4.0" : nil, text: "mountain hut")
        }
    }

    /// `count` Flickr photos titled "Hut NN" by "Joi", licence CC BY 2.0.
    static func photos(_ count: Int) -> [FakeFlickr.Photo] {
        (1...count).map { number in
            FakeFlickr.Photo(
                id: "\(4_000_000 + number)", owner: "35034362831@N01", secret: String(format: "ee69%06x", number),
                server: "65535", title: "Hut \(String(format: "%03d", number))", ownerName: "Joi", license: 4,
                tags: ["hut"], width: 2048, height: 1536)
        }
    }
}
