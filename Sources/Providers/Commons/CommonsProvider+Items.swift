import Foundation
import ScoutModels

extension CommonsProvider {
    /// A file page as a result: cleaned title, "author · licence", thumbnail, file page link.
    func item(for page: CommonsQueryResponse.Page) -> SearchItem? {
        let info = page.imageinfo
        // The file page as the API names it, else built from the title the way MediaWiki does.
        let link =
            info?.descriptionurl.flatMap(Self.webURL)
            ?? articleLinks.url(title: page.title)
        guard let link else { return nil }
        let author = info?.metadata("Artist")
        let license = info?.metadata("LicenseShortName")
        var details: [String: String] = [:]
        details["author"] = author
        details["license"] = license
        details["mime"] = info?.mime
        details["width"] = info?.width.map(String.init)
        details["height"] = info?.height.map(String.init)
        details["original"] = info?.url.flatMap(Self.webURL)?.absoluteString
        let thumbnail = info.flatMap { info in
            info.thumburl.flatMap(Self.webURL).map {
                Thumbnail(url: $0, width: info.thumbwidth, height: info.thumbheight)
            }
        }
        let description = [author, license].compactMap { $0 }.joined(separator: " · ")
        return SearchItem(
            id: String(page.pageid), title: Self.displayTitle(page.title),
            description: description.isEmpty ? nil : description, thumbnail: thumbnail, link: link,
            source: .commons, details: details)
    }

    /// `File:Matterhorn_from_Zermatt.JPG` → `Matterhorn from Zermatt`: no namespace, no
    /// extension, underscores as spaces. A name that would end up empty stays as it was.
    static func displayTitle(_ title: String) -> String {
        var name = Substring(title)
        if let colon = name.firstIndex(of: ":"), ["file", "image"].contains(name[..<colon].lowercased()) {
            name = name[name.index(after: colon)...]
        }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let ext = name[name.index(after: dot)...]
            if (1...5).contains(ext.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                name = name[..<dot]
            }
        }
        let cleaned = name.replacingOccurrences(of: "_", with: " ").trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? title : cleaned
    }

    /// An absolute http(s) URL, or nil; MediaWiki may send protocol-relative `//upload…` ones.
    static func webURL(_ text: String) -> URL? {
        let absolute = text.hasPrefix("//") ? "https:" + text : text
        guard let url = URL(string: absolute), let scheme = url.scheme?.lowercased(),
            ["http", "https"].contains(scheme), url.host?.isEmpty == false
        else { return nil }
        return url
    }
}
