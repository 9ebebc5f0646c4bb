import Foundation

extension FakeCommons {
    /// One file the fake knows, with what `prop=imageinfo` reports about it.
    ///
    /// ```swift
    /// let file = FakeCommons.File(
    ///     pageID: 1, title: "File:Matterhorn from Zermatt.jpg", width: 4000, height: 3000,
    ///     artist: #"<a href="//commons.wikimedia.org/wiki/User:Jane">Jane</a>"#, license: "CC BY-SA 4.0")
    /// ```
    public struct File: Sendable, Hashable {
        /// The page id (`pageid`).
        public var pageID: Int
        /// The page title with its namespace, such as `File:Matterhorn from Zermatt.jpg`.
        public var title: String
        /// Width in pixels of the original.
        public var width: Int
        /// Height in pixels of the original.
        public var height: Int
        /// The MIME type (`image/jpeg`).
        public var mime: String
        /// Size of the original in bytes.
        public var bytes: Int
        /// `extmetadata.Artist`: HTML, as Commons writes it (usually a link to the user page).
        public var artist: String?
        /// `extmetadata.LicenseShortName`, such as `CC BY-SA 4.0`.
        public var license: String?
        /// Words full-text search also matches besides the title (the description page's text).
        public var text: String
        /// False for a file whose image information is missing (the page exists, the file not):
        /// the page comes without `imageinfo`.
        public var hasImageInfo: Bool

        /// A file; only id, title and size are required.
        public init(
            pageID: Int, title: String, width: Int = 1024, height: Int = 768, mime: String = "image/jpeg",
            bytes: Int = 250_000, artist: String? = nil, license: String? = nil, text: String = "",
            hasImageInfo: Bool = true
        ) {
            self.pageID = pageID
            self.title = title
            self.width = width
            self.height = height
            self.mime = mime
            self.bytes = bytes
            self.artist = artist
            self.license = license
            self.text = text
            self.hasImageInfo = hasImageInfo
        }

        /// The file name in URLs: the title without `File:`, spaces as underscores.
        var fileName: String {
            let name = title.hasPrefix("File:") ? String(title.dropFirst(5)) : title
            return name.replacingOccurrences(of: " ", with: "_")
        }

        /// `https://upload.wikimedia.org/wikipedia/commons/a/ab/Name.jpg`. Commons takes the
        /// two directories from the MD5 of the name; the fake uses a simpler hash of the same shape.
        var originalURL: String {
            var hash: UInt32 = 2_166_136_261
            for byte in fileName.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            let hex = String(hash & 0xFF, radix: 16)
            let directory = hex.count == 1 ? "0" + hex : hex
            return "https://upload.wikimedia.org/wikipedia/commons/\(directory.prefix(1))/\(directory)/"
                + MediaWikiTitles.encode(fileName)
        }
    }
}

/// Title encoding as MediaWiki does it in URLs (`wfUrlencode`).
enum MediaWikiTitles {
    static func encode(_ text: String) -> String {
        var output = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || (scalar.isASCII && scalar.properties.isAlphabetic)
                || "-._~;:@$!*(),/".unicodeScalars.contains(scalar)
            {
                output.unicodeScalars.append(scalar)
            } else {
                output += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return output
    }
}
