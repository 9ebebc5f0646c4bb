import Foundation
import ImageLoading
import ScoutModels

/// The names ImageLoading's doc examples use without declaring them.
enum ImageLoadingDocExamples {
    static var loader: ImageLoader { docExampleContext() }
    static var configuration: ImageLoader.Configuration { docExampleContext() }
    static var origin: ImageOrigin { docExampleContext() }
    static var flickrRules: ImageKeyRules { docExampleContext() }
    /// Hosts an image may come from.
    static var allowlist: Set<String> { docExampleContext() }
    /// The contact a `User-Agent` names.
    static var contact: String { docExampleContext() }
    /// A whole `User-Agent`.
    static var agent: String { docExampleContext() }
    static var cacheDirectory: URL { docExampleContext() }
    static var url: URL { docExampleContext() }
    static var thumbnailURL: URL { docExampleContext() }
    /// Results about to scroll into view, and results scrolled out of it.
    static var nextPage: [SearchItem] { docExampleContext() }
    static var rowsScrolledPast: [SearchItem] { docExampleContext() }
    /// Bytes that may be an image.
    static var data: Data { docExampleContext() }
    static var body: Data { docExampleContext() }
    static var pngData: Data { docExampleContext() }
    static var bytes: Data { docExampleContext() }
    /// The most pixels an image may have.
    static var budget: Int { docExampleContext() }
}
