import Foundation
import ImageLoading
import ScoutModels

extension ImageOrigin {
    /// The three Goodreads hosts book covers of the goodbooks-10k data set and of crawled pages
    /// live on, each its own origin (the proxy names one host per `/img/<name>/`):
    ///
    /// | name | host | key |
    /// |---|---|---|
    /// | `books` | images.gr-assets.com | `books/1447303603m/2767052.jpg` |
    /// | `books-i` | i.gr-assets.com | `images/S/compressed.photo.goodreads.com/books/1586722975i/2767052._SY75_.jpg` |
    /// | `books-s` | s.gr-assets.com | `assets/nophoto/book/111x148-bcc042a9c91a29c1d680899eff700a03.png` |
    ///
    /// ```swift
    /// let covers = ImageOrigin.goodreads()
    /// let test = ImageOrigin.goodreads(coverBase: fakeHost.base)   // the first host, faked
    /// ```
    public static func goodreads(coverBase: URL = URL(string: "https://images.gr-assets.com/")!) -> [ImageOrigin] {
        [
            ImageOrigin(source: "books", base: coverBase, rules: goodreadsCoverRules),
            ImageOrigin(
                source: "books-i", base: URL(string: "https://i.gr-assets.com/")!, rules: goodreadsCompressedRules),
            ImageOrigin(source: "books-s", base: URL(string: "https://s.gr-assets.com/")!, rules: goodreadsAssetRules),
        ]
    }

    /// `books/<timestamp><size letter>/<id>.<ext>`.
    static let goodreadsCoverRules = ImageKeyRules { segments in
        segments.count == 3 && segments[0] == "books" && isStampedFolder(segments[1])
            && isNumberedImage(segments[2])
    }

    /// `images/S/compressed.photo.goodreads.com/books/<timestamp><letter>/<id>[._SY75_].<ext>`.
    static let goodreadsCompressedRules = ImageKeyRules { segments in
        segments.count == 6 && segments[0] == "images" && segments[1] == "S"
            && segments[2] == "compressed.photo.goodreads.com" && segments[3] == "books"
            && isStampedFolder(segments[4]) && isNumberedImage(segments[5])
    }

    /// `assets/nophoto/book/<w>x<h>-<hash>.<ext>`: the "no cover" pictures.
    static let goodreadsAssetRules = ImageKeyRules { segments in
        segments.count == 4 && segments[0] == "assets" && segments[1] == "nophoto" && segments[2] == "book"
            && segments[3].count <= 80 && ImageKeyRules.hasImageExtension(segments[3])
            && segments[3].unicodeScalars.allSatisfy {
                isDigit($0) || ("a"..."z").contains($0) || $0 == "-" || $0 == "."
            }
    }

    /// `1447303603m`: digits, then one lower-case letter.
    private static func isStampedFolder(_ segment: Substring) -> Bool {
        guard let letter = segment.unicodeScalars.last, ("a"..."z").contains(letter) else { return false }
        let digits = segment.unicodeScalars.dropLast()
        return (1...20).contains(digits.count) && digits.allSatisfy(isDigit)
    }

    /// `2767052.jpg`, `2767052._SY75_.jpg`: a number first, an image extension last.
    private static func isNumberedImage(_ name: Substring) -> Bool {
        let digits = name.unicodeScalars.prefix(while: isDigit)
        let isASCIIName = name.unicodeScalars.allSatisfy {
            isDigit($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "." || $0 == "_"
        }
        return (1...20).contains(digits.count) && name.count <= 60 && isASCIIName
            && ImageKeyRules.hasImageExtension(name)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
