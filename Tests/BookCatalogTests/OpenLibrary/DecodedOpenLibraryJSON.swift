import Foundation

@testable import BookCatalog

/// The `JSONDecoder` reading of a dump line's JSON column that ``DumpJSONReader`` replaced, kept
/// as the oracle the reader is compared with: the same lenient Codable shapes, the same nesting
/// check before it, and the lists left whole for ``OpenLibraryLine`` to cut.
struct DecodedOpenLibraryJSON: Decodable {
    var fields = OpenLibraryJSON()

    /// `json` read as the importer read it before the reader.
    static func read(_ json: ArraySlice<UInt8>) -> Result<OpenLibraryJSON, OpenLibraryLine.Refusal> {
        guard JSONNesting.isWithin(json, depth: OpenLibraryLine.maxDepth) else {
            return .failure(OpenLibraryLine.tooDeep)
        }
        guard let decoded = try? JSONDecoder().decode(Self.self, from: Data(json)) else {
            return .failure(OpenLibraryLine.notAnObject)
        }
        return .success(decoded.fields)
    }

    enum CodingKeys: String, CodingKey {
        case name, title, subtitle, location, authors, works, languages, subjects, publishers, series, covers
        case description
        case isbn10 = "isbn_10"
        case isbn13 = "isbn_13"
        case firstPublishDate = "first_publish_date"
        case publishDate = "publish_date"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func text(_ key: CodingKeys) -> String? { (try? container.decodeIfPresent(String.self, forKey: key)) ?? nil }
        func list<T: Decodable>(_ key: CodingKeys, of: T.Type) -> [T] {
            let entries = (try? container.decodeIfPresent([Lenient<T>].self, forKey: key)) ?? nil
            return entries?.compactMap(\.value) ?? []
        }
        fields.name = text(.name)
        fields.title = text(.title)
        fields.subtitle = text(.subtitle)
        fields.location = text(.location)
        fields.authors = list(.authors, of: KeyReference.self).compactMap(\.key)
        fields.works = list(.works, of: KeyReference.self).compactMap(\.key)
        fields.languages = list(.languages, of: KeyReference.self).compactMap(\.key)
        fields.subjects = list(.subjects, of: String.self)
        fields.publishers = list(.publishers, of: String.self)
        fields.series = list(.series, of: String.self)
        fields.isbn10 = list(.isbn10, of: String.self)
        fields.isbn13 = list(.isbn13, of: String.self)
        fields.covers = list(.covers, of: Int.self)
        fields.firstPublishDate = text(.firstPublishDate)
        fields.publishDate = text(.publishDate)
        fields.description =
            text(.description)
            ?? ((try? container.decodeIfPresent(TypedText.self, forKey: .description)) ?? nil)?.value
    }

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

    struct TypedText: Decodable {
        var value: String?
    }

    struct Lenient<T: Decodable>: Decodable {
        var value: T?

        init(from decoder: any Decoder) throws {
            value = try? decoder.singleValueContainer().decode(T.self)
        }
    }
}
