import Foundation
import ScoutModels

extension ResultPrinter {
    /// One source's answer to `scout search all --json` on one line:
    /// `{"source":"wikipedia","results":[…]}`, with `"error"` (the sentence) when it failed —
    /// after the results of the pages that arrived before the failure, if any.
    static func printJSONSection(source: SourceID, items: [SearchItem], error: String?) {
        let section = JSONSection(source: source, results: items.map(JSONLine.init), error: error)
        guard let data = try? jsonEncoder.encode(section) else { return }
        Console.out(String(decoding: data, as: UTF8.self))
    }

    /// A source's results, each in `--json`'s shape; `error` left out when there was none.
    private struct JSONSection: Encodable {
        let source: SourceID
        let results: [JSONLine]
        let error: String?
    }
}
