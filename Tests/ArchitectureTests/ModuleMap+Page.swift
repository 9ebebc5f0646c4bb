import Foundation

extension ModuleMap {
    /// The header of the page's modules table; its rows read `` | `A` | library | `B`, `C` (linux) | … ``.
    static let modulesHeader = ["module", "kind", "depends on"]
    /// The header of the page's products table; its rows read `` | `scout` | executable | `scout` | … ``.
    static let productsHeader = ["product", "kind", "targets"]

    /// The map a page draws in its two tables, and a sentence for each row it cannot read.
    static func page(_ markdown: String) -> (map: ModuleMap, problems: [String]) {
        var map = ModuleMap()
        var problems: [String] = []
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        for row in table(headedBy: modulesHeader, in: lines, problems: &problems) {
            let names = backticked(row[0])
            let kind = ModuleKind.allCases.first { $0.rawValue.lowercased() == row[1].lowercased() }
            guard names.count == 1, let name = names.first, let kind else {
                problems.append("the modules table has a row that names no one module of a known kind: \(row)")
                continue
            }
            if map.modules[name] != nil { problems.append("the modules table lists \(name) twice") }
            map.modules[name] = Module(name, kind, dependencies(in: row[2]))
        }
        for row in table(headedBy: productsHeader, in: lines, problems: &problems) {
            let names = backticked(row[0])
            guard names.count == 1, let name = names.first else {
                problems.append("the products table has a row that names no one product: \(row)")
                continue
            }
            if map.products[name] != nil { problems.append("the products table lists \(name) twice") }
            map.products[name] = Product(name: name, kind: row[1].lowercased(), targets: backticked(row[2]))
        }
        return (map, problems)
    }

    /// The cells of each row of the table whose header begins with `header`.
    private static func table(headedBy header: [String], in lines: [Substring], problems: inout [String])
        -> [[String]]
    {
        guard let start = lines.firstIndex(where: { cells($0).prefix(header.count).map { $0.lowercased() } == header })
        else {
            problems.append("there is no table headed | \(header.joined(separator: " | ")) |")
            return []
        }
        let rows = lines.dropFirst(start + 2).prefix { $0.hasPrefix("|") }
        return rows.compactMap { line in
            let row = cells(line)
            guard row.count >= header.count else {
                problems.append("a row of the \(header[0])s table has \(row.count) cells: \(line)")
                return nil
            }
            return row
        }
    }

    /// A table row's cells, trimmed.
    private static func cells(_ line: Substring) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("|") else { return [] }
        return trimmed.dropFirst().split(separator: "|", omittingEmptySubsequences: false).dropLast().map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// `` `CCurl` (linux) ``, `` `EmbedAssets` (plugin) `` and plain `` `ScoutModels` `` arrows.
    private static func dependencies(in cell: String) -> [Dependency] {
        cell.matches(of: #/`([^`]+)`(?:\s*\(([^)]*)\))?/#).map { match in
            let note = match.output.2.map { $0.lowercased() }
            if note == "plugin" { return .plugin(String(match.output.1)) }
            let platforms = note?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
            return Dependency(name: String(match.output.1), platforms: platforms.sorted())
        }
    }

    private static func backticked(_ cell: String) -> [String] {
        cell.matches(of: #/`([^`]+)`/#).map { String($0.output.1) }
    }
}
