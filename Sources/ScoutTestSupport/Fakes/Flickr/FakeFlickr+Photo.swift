extension FakeFlickr {
    /// One photo the fake knows, with what `flickr.photos.search` and its `extras` report.
    ///
    /// ```swift
    /// let photo = FakeFlickr.Photo(
    ///     id: "477842380", owner: "35034362831@N01", secret: "ee69046f6f", server: "200", farm: 1,
    ///     title: "Joi with backyard bamboo", ownerName: "Joi", width: 2048, height: 1536)
    /// ```
    public struct Photo: Sendable, Hashable {
        /// The photo id, such as `49514337848`.
        public var id: String
        /// The owner's NSID, such as `7478087@N06`.
        public var owner: String
        /// The secret that forms its image URLs.
        public var secret: String
        /// The image server id, such as `65535`.
        public var server: String
        /// The farm number.
        public var farm: Int
        /// The title.
        public var title: String
        /// The owner's display name (`ownername`, extra `owner_name`).
        public var ownerName: String
        /// The license id (`0` all rights reserved, `1`–`10` Creative Commons and others).
        public var license: Int
        /// The description (`description._content`), which may hold HTML.
        public var description: String
        /// The tags, which `text` also searches.
        public var tags: [String]
        /// Width in pixels of the largest size (the original when it is public).
        public var width: Int
        /// Height in pixels of the largest size.
        public var height: Int
        /// Whether the original is public; without it `o_dims` and `url_o` are left out.
        public var hasPublicOriginal: Bool
        /// Upload time, seconds since 1970 (`dateupload`).
        public var dateUploaded: Int
        /// When it was taken, `YYYY-MM-DD hh:mm:ss` (`datetaken`).
        public var dateTaken: String
        /// Whether Flickr guessed `dateTaken` (`datetakenunknown` "1").
        public var isDateTakenUnknown: Bool
        /// View count (`views`).
        public var views: Int
        /// Whether everyone may see it (`ispublic`).
        public var isPublic: Bool
        /// Whether it is shared with the owner's friends (`isfriend`).
        public var isFriend: Bool
        /// Whether it is shared with the owner's family (`isfamily`).
        public var isFamily: Bool

        /// A photo; ids and sizes are required, the rest have plain defaults.
        public init(
            id: String, owner: String, secret: String, server: String, farm: Int = 66, title: String,
            ownerName: String = "", license: Int = 0, description: String = "", tags: [String] = [],
            width: Int, height: Int, hasPublicOriginal: Bool = true, dateUploaded: Int = 1_581_319_011,
            dateTaken: String = "2020-02-10 08:00:00", isDateTakenUnknown: Bool = false, views: Int = 0,
            isPublic: Bool = true,
            isFriend: Bool = false, isFamily: Bool = false
        ) {
            self.id = id
            self.owner = owner
            self.secret = secret
            self.server = server
            self.farm = farm
            self.title = title
            self.ownerName = ownerName
            self.license = license
            self.description = description
            self.tags = tags
            self.width = width
            self.height = height
            self.hasPublicOriginal = hasPublicOriginal
            self.dateUploaded = dateUploaded
            self.dateTaken = dateTaken
            self.isDateTakenUnknown = isDateTakenUnknown
            self.views = views
            self.isPublic = isPublic
            self.isFriend = isFriend
            self.isFamily = isFamily
        }
    }
}
