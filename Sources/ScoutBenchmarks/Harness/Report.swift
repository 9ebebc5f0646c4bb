import Foundation

/// Prints benchmark results as aligned tables on standard output.
struct Report {
    let title: String
    let columns: [String]
    private(set) var rows: [[String]] = []

    init(title: String, columns: [String]) {
        self.title = title
        self.columns = columns
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    func print() {
        let widths = columns.indices.map { index in
            ([columns[index]] + rows.map { index < $0.count ? $0[index] : "" }).map(\.count).max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }
        Swift.print("\n## \(title)\n")
        Swift.print(line(columns))
        Swift.print(line(widths.map { String(repeating: "-", count: $0) }))
        for row in rows { Swift.print(line(row)) }
    }
}

extension Duration {
    /// Milliseconds with two decimals, as benchmark tables show them.
    var milliseconds: String {
        let value = Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
        return String(format: "%.2f ms", value)
    }
}

extension Double {
    func formatted(decimals: Int) -> String { String(format: "%.\(decimals)f", self) }
}
