/// One CSV record: its fields and the 1-based line it starts on.
///
/// ```swift
/// var reader = CSVReader(text: "title,year\nDune,1965\n")
/// let header = try reader.next()  // line 1: ["title", "year"]
/// let dune = try reader.next()    // line 2: ["Dune", "1965"]
/// ```
public struct CSVRecord: Sendable, Hashable {
    /// The line the record starts on, counting from 1; quoted newlines make records span lines.
    public var line: Int
    /// The fields, unquoted.
    public var fields: [String]

    /// Makes a record: `CSVRecord(line: 2, fields: ["Dune", "1965"])`.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }

    /// Whether the record is a single empty field, as a blank line is.
    ///
    /// ```swift
    /// CSVRecord(line: 3, fields: [""]).isBlank  // true
    /// ```
    public var isBlank: Bool { fields.count == 1 && fields[0].isEmpty }
}
