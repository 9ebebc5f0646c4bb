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
        /// Per position: its folded first author's number, -1 for none.
        private(set) var authors: [Int32] = []
        /// Per position: its first author's text's number in ``authorKeys``, -1 for none.
        private(set) var authorTexts: [Int32] = []
        /// Every book's distinct series numbers, book after book (``RelationCatalog/seriesKeys(at:)``).
        private(set) var seriesKeyList: [Int32] = []
        /// Per book: where its series numbers start in ``seriesKeyList``; one more entry, the end.
        private(set) var seriesKeyStarts: [Int32] = [0]
        private(set) var seriesMembers: [[SeriesEntry]] = []
        private(set) var pages: [String?] = []
        private(set) var tags = TagIndex.Builder()
        /// The first authors, as written and folded.
        private(set) var authorKeys = KeyNumbers()
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
            addAuthor(subject.firstAuthor)
            let start = seriesKeyList.count
            for membership in subject.series {
                guard let key = seriesNumbers.number(of: membership.name) else { continue }
                if key == seriesMembers.count { seriesMembers.append([]) }
                seriesMembers[key].append(SeriesEntry(position: position, membership: membership))
                if !seriesKeyList[start...].contains(Int32(key)) { seriesKeyList.append(Int32(key)) }
            }
            seriesKeyStarts.append(Int32(seriesKeyList.count))
            if keepsPages { pages.append(subject.sourceURL.map(RelationBuilder.linkKey)) }
            tags.add(subject.tags)
        }

        /// How many distinct folded first authors.
        var authorCount: Int { authorKeys.count }

        /// Numbers the next book's first author, folded (its group) and as written (its reason).
        private mutating func addAuthor(_ text: String?) {
            // A text that folds to nothing names no author: no group, no reason.
            guard let numbers = text.map({ authorKeys.numbers(of: $0) }), let author = numbers.key else {
                authors.append(-1)
                authorTexts.append(-1)
                return
            }
            authors.append(Int32(author))
            authorTexts.append(Int32(numbers.text))
        }
    }
}
