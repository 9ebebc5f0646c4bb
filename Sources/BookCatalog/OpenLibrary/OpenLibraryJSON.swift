import Foundation

/// The JSON column of a dump line, read leniently: a field of an unexpected shape is dropped,
/// never the record (Open Library's records span twenty years of schemas). Wire shapes stop
/// here; ``OpenLibraryLine`` turns them into ``OpenLibraryRecord``s.
struct OpenLibraryJSON: Decodable {
    var name: String?
    var title: String?
    var subtitle: String?
    var location: String?
    var authors: [KeyReference]
    var works: [KeyReference]
    var languages: [KeyReference]
    var subjects: [String]
    var publishers: [String]
    var series: [String]
    var isbn10: [String]
    var isbn13: [String]
    var covers: [Int]
    var firstPublishDate: String?
    var publishDate: String?
    var description: String?

    enum CodingKeys: String, CodingKey {
        case name, title, subtitle, location, authors, works, languages, subjects, publishers, series, covers
        case description
        case isbn10 = "isbn_10"
        case isbn13 = "isbn_13"
        case firstPublishDate = "first_publish_date"
        case publishDate = "publish_date"
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? fields.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func list<T: Decodable>(_ key: CodingKeys, of: T.Type) -> [T] {
            let entries = (try? fields.decodeIfPresent([Lenient<T>].self, forKey: key)) ?? nil
            return entries?.compactMap(\.value) ?? []
        }
        name = text(.name)
        title = text(.title)
        subtitle = text(.subtitle)
        location = text(.location)
        authors = list(.authors, of: KeyReference.self)
        works = list(.works, of: KeyReference.self)
        languages = list(.languages, of: KeyReference.self)
        subjects = list(.subjects, of: String.self)
        publishers = list(.publishers, of: String.self)
        series = list(.series, of: String.self)
        isbn10 = list(.isbn10, of: String.self)
        isbn13 = list(.isbn13, of: String.self)
        covers = list(.covers, of: Int.self)
        firstPublishDate = text(.firstPublishDate)
        publishDate = text(.publishDate)
        // Either a string or {"type": "/type/text", "value": "…"}.
        description =
            text(.description) ?? ((try? fields.decodeIfPresent(TypedText.self, forKey: .description)) ?? nil)?.value
    }

    /// A key as Open Library nests it: `{"key": "/authors/OL1A"}`, a work's author entry
    /// `{"author": {"key": …}, "type": {"key": "/type/author_role"}, "role": …}` (or its older
    /// `{"author": "/authors/OL1A"}`), or a bare string.
    struct KeyReference: Decodable {
        var key: String?

        enum CodingKeys: String, CodingKey { case key, author }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                key = text
                return
            }
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            if let author = (try? fields.decodeIfPresent(KeyReference.self, forKey: .author)) ?? nil {
                key = author.key
            } else {
                key = (try? fields.decodeIfPresent(String.self, forKey: .key)) ?? nil
            }
        }
    }

    /// `{"type": "/type/text", "value": "…"}`.
    struct TypedText: Decodable {
        var value: String?
    }

    /// One entry of a list, `nil` when it has another shape.
    struct Lenient<T: Decodable>: Decodable {
        var value: T?

        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(T.self)
        }
    }
}
