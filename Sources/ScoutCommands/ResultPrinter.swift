import Foundation
import Localization
import ScoutModels

/// Prints search results for people (a table) or for programs (JSON Lines).
enum ResultPrinter {
    /// A table of title, description and link that fits `width` columns; links are never cut
    /// (they must stay usable), titles and descriptions are, with `…`. Too narrow for a table,
    /// each result takes two lines instead.
    static func printTable(_ items: [SearchItem], width: Int, messages: Messages = Messages(.english)) {
        let rows = items.map { item in
            (
                title: TerminalText.sanitize(item.title),
                description: TerminalText.sanitize(item.description ?? ""),
                link: item.link.absoluteString
            )
        }
        let linkWidth = rows.map { TerminalText.width($0.link) }.max() ?? 0
        let titleWidth = min(32, rows.map { TerminalText.width($0.title) }.max() ?? 0)
        let descriptionWidth = width - titleWidth - linkWidth - 4
        guard descriptionWidth >= 12 else {
            for (index, row) in rows.enumerated() {
                let heading = row.description.isEmpty ? row.title : "\(row.title) — \(row.description)"
                Console.out(TerminalText.truncate("\(index + 1). \(heading)", toWidth: width))
                Console.out("   \(row.link)")
            }
            return
        }
        Console.out(
            TerminalText.pad(messages.text("cli.table.title"), toWidth: titleWidth) + "  "
                + TerminalText.pad(messages.text("cli.table.description"), toWidth: descriptionWidth) + "  "
                + messages.text("cli.table.link"))
        for row in rows {
            Console.out(
                TerminalText.pad(row.title, toWidth: titleWidth) + "  "
                    + TerminalText.pad(row.description, toWidth: descriptionWidth) + "  " + row.link)
        }
    }

    /// Keys sorted, slashes as they are: the same bytes for the same results.
    static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// One JSON object per result and line.
    static func printJSONLines(_ items: [SearchItem]) {
        for item in items {
            guard let data = try? jsonEncoder.encode(JSONLine(item)) else { continue }
            Console.out(String(decoding: data, as: UTF8.self))
        }
    }

    /// The documented shape of a `--json` line; `details` (author, license …) only when the
    /// source has some.
    struct JSONLine: Encodable {
        let id: String
        let title: String
        @ExplicitNull var description: String?
        @ExplicitNull var thumbnail: Thumbnail?
        let link: URL
        let source: SourceID
        let details: [String: String]?

        init(_ item: SearchItem) {
            id = item.id
            title = item.title
            description = item.description
            thumbnail = item.thumbnail
            link = item.link
            source = item.source
            details = item.details.isEmpty ? nil : item.details
        }
    }
}

/// The width of the terminal on standard output.
enum TerminalSize {
    /// Standard output's width, else `columns` (`COLUMNS`), else 120.
    static func columns(otherwise columns: Int?) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns { return columns }
        return 120
    }
}
