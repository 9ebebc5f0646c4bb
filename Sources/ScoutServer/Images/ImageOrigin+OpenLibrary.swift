import Foundation
import ImageLoading
import ScoutModels

extension ImageOrigin {
    /// Open Library's cover host, where the covers of books imported from its dumps live
    /// (`scout books import openlibrary`): `/img/books-ol/b/id/<cover id>-<S|M|L>.jpg`. Fetched
    /// under Open Library's ``Networking/HostPolicy/openLibrary`` (`covers.openlibrary.org` is
    /// under `openlibrary.org` in ``Networking/APIClient/Configuration/knownHosts``).
    ///
    /// ```swift
    /// ImageOrigin.openLibraryCovers().key(for: URL(string: "https://covers.openlibrary.org/b/id/8231856-M.jpg")!)
    /// // "b/id/8231856-M.jpg"
    /// ```
    public static func openLibraryCovers(base: URL = URL(string: "https://covers.openlibrary.org/")!) -> ImageOrigin {
        ImageOrigin(source: "books-ol", base: base, rules: openLibraryCoverRules)
    }

    /// `b/id/<1–12 digits>-<S, M or L>.jpg`.
    static let openLibraryCoverRules = ImageKeyRules { segments in
        guard segments.count == 3, segments[0] == "b", segments[1] == "id", segments[2].hasSuffix(".jpg") else {
            return false
        }
        let name = segments[2].dropLast(".jpg".count)
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && ["S", "M", "L"].contains(parts[1]) && (1...12).contains(parts[0].count)
            && parts[0].unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
    }
}
