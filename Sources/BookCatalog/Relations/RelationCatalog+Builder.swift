extension RelationCatalog {
    /// A ``RelationCatalog`` grouped as subjects arrive, one at a time: what each rule needs of
    /// a subject is numbered and appended to flat arrays at once, and the subject let go, so a
    /// store's pages (``RelationSubjectPaging``) pass through without the catalog's subjects ever
    /// being held together.
    ///
    /// ```swift
    /// var builder = RelationCatalog.Builder(keepsPages: false)
    /// for subject in page { builder.add(subject) }
    /// let catalog = RelationCatalog(builder)
    /// ```
    struct Builder {
        /// A book's place in one series' list, until the list is put in series order.
        struct SeriesEntry {
            let position: Int
            let membership: SeriesMembership
        }

        /// Whether ``RelationCatalog/pages`` are kept (only listed similar reads them).
        let keepsPages: Bool
        private(set) var ids: [Int64] = []
        private(set) var ratings: [Int] = []
        private(set) var authors: [Int32] = []
        private(set) var authorMembers: [[Int]] = []
        private(set) var authorTexts: [Int32] = []
        private(set) var authorReasons: [String] = []
        private(set) var seriesKeys: [[Int]] = []
        private(set) var seriesMembers: [[SeriesEntry]] = []
        private(set) var pages: [String?] = []
        private(set) var tags = TagIndex.Builder()
        private var authorKeys = KeyNumbers()
        /// Author text as written → its number in ``authorReasons``.
        private var authorTextNumbers: [String: Int32] = [:]
        private var seriesNumbers = KeyNumbers()

        /// An empty catalog; `keepsPages` when relations listed on pages will be built.
        init(keepsPages: Bool) {
            self.keepsPages = keepsPages
        }

        /// Appends `subject` as the next position.
        mutating func add(_ subject: RelationSubject) {
            let position = ids.count
            ids.append(subject.id)
            ratings.append(subject.ratingsCount ?? 0)
            addAuthor(subject.firstAuthor, at: position)
            var keys: [Int] = []
            for membership in subject.series {
                guard let key = seriesNumbers.number(of: membership.name) else { continue }
                if key == seriesMembers.count { seriesMembers.append([]) }
                seriesMembers[key].append(SeriesEntry(position: position, membership: membership))
                if !keys.contains(key) { keys.append(key) }
            }
            seriesKeys.append(keys)
            if keepsPages { pages.append(subject.sourceURL.map(RelationBuilder.linkKey)) }
            tags.add(subject.tags)
        }

        /// Numbers the first author of the book at `position`, folded (its group) and as written
        /// (its reason).
        private mutating func addAuthor(_ text: String?, at position: Int) {
            guard let text, let author = authorKeys.number(of: text) else {
                authors.append(-1)
                authorTexts.append(-1)
                return
            }
            if author == authorMembers.count { authorMembers.append([]) }
            authorMembers[author].append(position)
            authors.append(Int32(author))
            if let number = authorTextNumbers[text] {
                authorTexts.append(number)
            } else {
                let number = Int32(authorReasons.count)
                authorTextNumbers[text] = number
                authorReasons.append("same author: \(text.trimmingWhitespace())")
                authorTexts.append(number)
            }
        }
    }
}
