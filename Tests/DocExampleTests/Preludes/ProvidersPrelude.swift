import Networking
import Providers
import ScoutModels

/// The names Providers' doc examples use without declaring them.
enum ProvidersDocExamples {
    static var client: APIClient { docExampleContext() }
    static var books: BooksProvider { docExampleContext() }
    static var flickr: FlickrProvider { docExampleContext() }
    /// A Flickr API key as configured.
    static var key: String { docExampleContext() }
    /// A book's id, as a search result carries it.
    static var id: String { docExampleContext() }
    static var related: RelatedBookItem { docExampleContext() }
    /// A reply's body.
    static var bytes: [UInt8] { docExampleContext() }
}
