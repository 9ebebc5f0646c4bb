import Foundation
import ScoutModels

extension SearchReply {
    /// The reply written by hand, byte for byte what `JSONEncoder` with `.sortedKeys` and
    /// `.withoutEscapingSlashes` makes of it (the tests compare the two); `cached` and `tookMs`
    /// are the rendered reply's to fill in. `JSONEncoder` took more CPU than the rest of an
    /// uncached search.
    ///
    /// ```swift
    /// SearchReply(body: body, items: items).rendered().body(cached: false, tookMs: 12)
    /// ```
    func rendered() -> RenderedReply {
        RenderedReply { writer in
            writer.raw(#""found":"#)
            writer.int(body.found)
            writer.raw(#","items":["#)
            for (index, item) in items.enumerated() {
                if index > 0 { writer.raw(",") }
                item.write(to: &writer)
            }
            writer.raw(#"],"missingWords":"#)
            if let missingWords = body.missingWords {
                writer.raw("[")
                for (index, word) in missingWords.enumerated() {
                    if index > 0 { writer.raw(",") }
                    writer.string(word)
                }
                writer.raw("]")
            } else {
                writer.raw("null")
            }
            writer.raw(#","next":"#)
            writer.string(body.next)
            writer.raw(#","query":"#)
            writer.string(body.query)
            writer.raw(#","source":"#)
            writer.string(body.source.rawValue)
            writer.raw(#","suggestion":"#)
            writer.string(body.suggestion)
            writer.raw(",")
        }
    }
}

extension SearchReply.Item {
    /// `{"description":…,"id":…,"lang":…,"link":…,"photo":…,"thumbnail":…,"title":…,"titleMatches":…}`,
    /// `lang`, `photo` and `titleMatches` only when present (as their `encodeIfPresent` leaves them out).
    func write(to writer: inout JSONByteWriter) {
        writer.raw(#"{"description":"#)
        writer.string(item.description)
        writer.raw(#","id":"#)
        writer.string(item.id)
        if let lang = item.lang {
            writer.raw(#","lang":"#)
            writer.string(lang)
        }
        writer.raw(#","link":"#)
        writer.string(item.link.absoluteString)
        if let photo {
            writer.raw(#","photo":"#)
            photo.write(to: &writer)
        }
        writer.raw(#","thumbnail":"#)
        if let thumbnail = item.thumbnail {
            writer.raw(#"{"height":"#)
            writer.int(thumbnail.height)
            writer.raw(#","url":"#)
            writer.string(thumbnail.url)
            writer.raw(#","width":"#)
            writer.int(thumbnail.width)
            writer.raw("}")
        } else {
            writer.raw("null")
        }
        writer.raw(#","title":"#)
        writer.string(item.title)
        if let matches = item.titleMatches {
            writer.raw(#","titleMatches":["#)
            for (index, span) in matches.enumerated() {
                writer.raw(index > 0 ? #",{"end":"# : #"{"end":"#)
                writer.int(span.end)
                writer.raw(#","start":"#)
                writer.int(span.start)
                writer.raw("}")
            }
            writer.raw("]")
        }
        writer.raw("}")
    }
}

extension PhotoFacts {
    /// The facts present, in key order; `{}` when none is.
    func write(to writer: inout JSONByteWriter) {
        var separator = false
        func key(_ name: StaticString, _ writer: inout JSONByteWriter) {
            writer.raw(separator ? "," : "{")
            writer.raw(name)
            separator = true
        }
        if let author {
            key(#""author":"#, &writer)
            writer.string(author)
        }
        if let height {
            key(#""height":"#, &writer)
            writer.int(height)
        }
        if let image {
            key(#""image":"#, &writer)
            writer.string(image)
        }
        if let license {
            key(#""license":"#, &writer)
            writer.string(license)
        }
        if let width {
            key(#""width":"#, &writer)
            writer.int(width)
        }
        writer.raw(separator ? "}" : "{}")
    }
}
