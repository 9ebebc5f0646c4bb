import Foundation

/// A line of Scout's JSON Lines that is not a book — what makes an export a full backup,
/// written after every book: one of
///
/// ```
/// {"reading":{"book":{"source":"goodbooks","sourceID":"1"},"rating":5,"reader":"goodbooks:314","wantsToRead":false}}
/// {"link":{"from":{"source":"crawl","sourceID":"https://…"},"to":"https://…/similar"}}
/// {"relation":{"from":{…},"kind":"alsoEnjoyed","reason":"…","score":0.4,"to":{…}}}
/// ```
///
/// Books are named by their own key (``Book/source``, ``Book/sourceID``), never by a store id,
/// so a backup restores into any catalog. A line holding none of the three is a book
/// (``JSONLinesRecord``); files written before these lines existed hold only books.
struct JSONLinesBackupLine: Codable, Hashable, Sendable {
    /// A reader's rating or shelving of a book.
    struct ReadingLine: Codable, Hashable, Sendable {
        var book: BookKey
        var reader: String
        var rating: Int?
        var wantsToRead: Bool?
    }

    /// A "similar books" link found on a book's page.
    struct LinkLine: Codable, Hashable, Sendable {
        var from: BookKey
        var to: URL
    }

    /// A relation between two books.
    struct RelationLine: Codable, Hashable, Sendable {
        var kind: Relation.Kind
        var from: BookKey
        var to: BookKey
        var score: Double
        var reason: String
    }

    var reading: ReadingLine?
    var link: LinkLine?
    var relation: RelationLine?

    /// The words that may start a backup line: a line without any of them is a book, and is not
    /// decoded twice.
    static let markers = ["\"reading\"", "\"link\"", "\"relation\""].map { Data($0.utf8) }

    /// What the line restores, or nil when it is none of the three (a book).
    var row: ImportRow? {
        if let reading {
            return .reading(
                Reading(
                    reader: reading.reader, book: reading.book, rating: reading.rating,
                    wantsToRead: reading.wantsToRead ?? false))
        }
        if let link { return .link(ListedLink(from: link.from, to: link.to)) }
        if let relation {
            return .relation(
                KeyedRelation(
                    kind: relation.kind, from: relation.from, to: relation.to, score: relation.score,
                    reason: relation.reason))
        }
        return nil
    }
}
