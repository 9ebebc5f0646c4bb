/// The fields of a dump line's JSON column that Scout reads, as ``DumpJSONReader`` found them:
/// leniently (a field of an unexpected shape is dropped, never the record — Open Library's
/// records span twenty years of schemas), the first of duplicate keys winning, and each list cut
/// while it is read to what a record keeps of it (``keep(_:in:)``), so a hostile list of a
/// million subjects costs no more than its first few. Wire shapes stop here;
/// ``OpenLibraryLine`` turns them into ``OpenLibraryRecord``s.
struct OpenLibraryJSON {
    var name: String?
    var title: String?
    var subtitle: String?
    var location: String?
    /// The keys of a work's author entries: `{"author": {"key": …}}`, `{"author": "…"}`,
    /// `{"key": …}` or a bare string.
    var authors: [String] = []
    var works: [String] = []
    var languages: [String] = []
    var subjects: [String] = []
    var publishers: [String] = []
    var series: [String] = []
    var isbn10: [String] = []
    var isbn13: [String] = []
    var covers: [Int] = []
    var firstPublishDate: String?
    var publishDate: String?
    /// A string, or the `value` of `{"type": "/type/text", "value": "…"}`.
    var description: String?

    /// A list field.
    enum List {
        case authors, works, languages, subjects, publishers, series, isbn10, isbn13
    }

    /// The most publishers and series names an edition keeps.
    static let publishers = FieldLimit(bytes: 256, count: 4)
    static let series = FieldLimit(bytes: FieldLimits.series.bytes, count: 4)
    /// The most works an edition names that are kept.
    static let maxWorks = 4
    /// The most languages an edition keeps.
    static let maxLanguages = 4

    /// Whether `list` holds all a record keeps of it: the reader then only validates the rest.
    func isFull(_ list: List) -> Bool {
        switch list {
        case .authors: authors.count >= FieldLimits.authors.count
        case .works: works.count >= Self.maxWorks
        case .languages: languages.count >= Self.maxLanguages
        case .subjects: subjects.count >= FieldLimits.tags.count
        case .publishers: publishers.count >= Self.publishers.count
        case .series: series.count >= Self.series.count
        case .isbn10: !isbn10.isEmpty
        case .isbn13: !isbn13.isEmpty
        }
    }

    /// Adds `entry` to `list` if a record would keep it — the same tests ``OpenLibraryLine``
    /// applies, so reading them again there changes nothing.
    mutating func keep(_ entry: String, in list: List) {
        guard !isFull(list) else { return }
        switch list {
        case .authors: if OpenLibraryKey(entry)?.kind == .author { authors.append(entry) }
        case .works: if OpenLibraryKey(entry)?.kind == .work { works.append(entry) }
        case .languages: if Self.languageCode(entry) != nil { languages.append(entry) }
        case .subjects: OpenLibraryLine.cleaned(entry, FieldLimits.tags).map { subjects.append($0) }
        case .publishers: OpenLibraryLine.cleaned(entry, Self.publishers).map { publishers.append($0) }
        case .series: OpenLibraryLine.cleaned(entry, Self.series).map { series.append($0) }
        case .isbn10: OpenLibraryLine.isbn(entry, length: 10).map { isbn10.append($0) }
        case .isbn13: OpenLibraryLine.isbn(entry, length: 13).map { isbn13.append($0) }
        }
    }

    /// Keeps `cover` if it is the first real one (Open Library writes `-1` for a removed cover).
    mutating func keep(cover: Int) {
        if covers.isEmpty, cover > 0 { covers.append(cover) }
    }

    /// `eng` for `/languages/eng`; `nil` for another key or a code that is not 2 to 8 ASCII
    /// characters.
    static func languageCode(_ key: String) -> String? {
        // Read as bytes: every edition names its languages, and the `Character` walk this
        // replaced was 1.6 % of an import's CPU. The code is 2 to 8 ASCII bytes, so it is as
        // many characters.
        let bytes = key.utf8
        let prefix = "/languages/".utf8
        guard bytes.starts(with: prefix) else { return nil }
        let code = bytes.dropFirst(prefix.count)
        guard (2...8).contains(code.count), code.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: code, as: UTF8.self)
    }
}
