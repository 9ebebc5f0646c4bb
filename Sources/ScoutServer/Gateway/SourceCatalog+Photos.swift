import Foundation
import Networking
import Providers
import ScoutModels

extension SourceCatalog.Entry {
    /// Wikimedia Commons: always offered, since it needs no key.
    static func commons(configuration: ScoutServerConfiguration, client: APIClient) -> Self {
        do {
            let provider = try CommonsProvider(
                client: client, apiAddress: configuration.commonsAPIAddress, deadline: configuration.upstreamDeadline)
            return Self(id: .commons, name: "Wikimedia Commons", kind: "photos", provider: provider, problem: nil)
        } catch {
            return Self(
                id: .commons, name: "Wikimedia Commons", kind: "photos", provider: nil,
                problem: "Wikimedia Commons is not set up: \(error.description).")
        }
    }

    /// Flickr, only when a key is configured: without one there is nothing a visitor can do
    /// about it, so the source is not offered at all (the operator reads how in the README).
    static func flickr(configuration: ScoutServerConfiguration, client: APIClient) -> Self? {
        guard let key = configuration.flickrAPIKey else { return nil }
        do {
            let provider = try FlickrProvider(
                client: client, apiKey: key, apiAddress: configuration.flickrAPIAddress,
                deadline: configuration.upstreamDeadline)
            return Self(id: .flickr, name: "Flickr", kind: "photos", provider: provider, problem: nil)
        } catch {
            return Self(
                id: .flickr, name: "Flickr", kind: "photos", provider: nil,
                problem: "Flickr is not set up: \(error.description).")
        }
    }
}
