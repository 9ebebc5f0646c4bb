/// One record of an Open Library dump, as much of it as Scout keeps (``OpenLibraryLine`` reads
/// it). Every text is already cut to its ``FieldLimits``, so what the importer holds in memory
/// per author and work is bounded whatever the dump says.
enum OpenLibraryRecord: Hashable, Sendable {
    /// `/type/author`: a key and a name.
    case author(OpenLibraryKey, name: String)
    /// `/type/work`: the book.
    case work(OpenLibraryWork)
    /// `/type/edition`: what one printing adds to its work.
    case edition(OpenLibraryEdition)
    /// `/type/redirect`: the key now lives at `location` (a merged author or work).
    case redirect(OpenLibraryKey, location: OpenLibraryKey)
    /// `/type/delete`: the key is gone.
    case delete(OpenLibraryKey)
}

/// A `/type/work` record.
struct OpenLibraryWork: Hashable, Sendable {
    var key: OpenLibraryKey
    var title: String
    var subtitle: String?
    /// Its authors' keys in credit order, whatever role each entry names.
    var authors: [OpenLibraryKey]
    var subjects: [String]
    /// The year of `first_publish_date`, such as 1954 for `"July 29, 1954"`.
    var firstPublishYear: Int?
    /// The first real cover id (Open Library writes `-1` for a removed cover).
    var coverID: Int?
    var description: String?
}

/// A `/type/edition` record: what it adds to its work.
struct OpenLibraryEdition: Hashable, Sendable {
    var key: OpenLibraryKey
    /// The works it is a printing of (one in practice).
    var works: [OpenLibraryKey]
    var isbn10: String?
    var isbn13: String?
    /// Language codes such as `eng`, from `/languages/eng`.
    var languages: [String]
    var publishers: [String]
    var series: [String]
    var coverID: Int?
    var publishYear: Int?
}

/// The kind of record a dump line holds, read from its first column without decoding it.
enum OpenLibraryRecordType: Sendable {
    case author, work, edition, redirect, delete, other

    /// The type column of `line` (the bytes before its first tab).
    init(line: [UInt8]) {
        let end = line.firstIndex(of: UInt8(ascii: "\t")) ?? line.endIndex
        switch line[..<end] {
        case let type where type.elementsEqual("/type/author".utf8): self = .author
        case let type where type.elementsEqual("/type/work".utf8): self = .work
        case let type where type.elementsEqual("/type/edition".utf8): self = .edition
        case let type where type.elementsEqual("/type/redirect".utf8): self = .redirect
        case let type where type.elementsEqual("/type/delete".utf8): self = .delete
        default: self = .other
        }
    }
}
