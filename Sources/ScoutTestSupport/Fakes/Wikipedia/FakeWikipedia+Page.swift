extension FakeWikipedia {
    /// One article the fake knows, with what the search and page-property modules report about it.
    ///
    /// ```swift
    /// let page = FakeWikipedia.Page(
    ///     pageID: 534366, title: "Barack Obama",
    ///     description: "President of the United States from 2009 to 2017",
    ///     thumbnail: .init(
    ///         source: "https://upload.wikimedia.org/wikipedia/commons/8/8d/President_Barack_Obama.jpg",
    ///         width: 2400, height: 3000),
    ///     redirects: ["Barack Hussein Obama", "Obama"],
    ///     extract: "Barack Hussein Obama II is an American politician who served as the 44th president…")
    /// ```
    public struct Page: Sendable, Hashable {
        /// The page id (`pageid`).
        public var pageID: Int
        /// The title, as shown (`Barack Obama`).
        public var title: String
        /// The namespace (`ns`); 0 for articles.
        public var namespace: Int
        /// The short description (`prop=description`, and `terms.description` of `prop=pageterms`).
        public var description: String?
        /// Where the description comes from: `local` or `central` (Wikidata).
        public var descriptionSource: String
        /// The page image at its full size; `prop=pageimages` scales it down to `pithumbsize`.
        public var thumbnail: Thumbnail?
        /// Titles that redirect to this page (`Barack Hussein Obama`).
        public var redirects: [String]
        /// Wikidata aliases (`terms.alias` of `prop=pageterms`).
        public var aliases: [String]
        /// The article text that full-text search matches and snippets quote.
        public var extract: String
        /// When the page was last edited (`timestamp` of `list=search`), ISO 8601.
        public var lastEdited: String

        /// A page; only `pageID` and `title` are required.
        public init(
            pageID: Int, title: String, description: String? = nil, thumbnail: Thumbnail? = nil,
            redirects: [String] = [], extract: String = "", namespace: Int = 0, aliases: [String] = [],
            descriptionSource: String = "local", lastEdited: String = "2024-01-01T00:00:00Z"
        ) {
            self.pageID = pageID
            self.title = title
            self.namespace = namespace
            self.description = description
            self.descriptionSource = descriptionSource
            self.thumbnail = thumbnail
            self.redirects = redirects
            self.aliases = aliases
            self.extract = extract
            self.lastEdited = lastEdited
        }
    }

    /// A page image: its URL on upload.wikimedia.org and its size in pixels.
    ///
    /// Give the original file's URL (`…/wikipedia/commons/8/8d/File.jpg`) or a thumbnail URL
    /// (`…/commons/thumb/8/8d/File.jpg/320px-File.jpg`); scaled thumbnails follow Wikimedia's
    /// `…/thumb/…/<N>px-File.jpg` pattern either way.
    public struct Thumbnail: Sendable, Hashable {
        /// The image URL.
        public var source: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// An image of `width` × `height` at `source`.
        public init(source: String, width: Int, height: Int) {
            self.source = source
            self.width = width
            self.height = height
        }
    }
}
