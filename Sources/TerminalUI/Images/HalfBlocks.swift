/// Draws pixels as `▀` cells: the upper half in the foreground colour, the lower half in the
/// background colour, so each cell shows two pixels stacked (truecolor terminals).
///
/// ```swift
/// HalfBlocks.draw(image, into: &grid, row: 3, column: 2)   // image.width cells × image.height/2 rows
/// ```
enum HalfBlocks {
    static func draw(_ image: PixelImage, into grid: inout CellGrid, row: Int, column: Int) {
        for cellRow in 0..<(image.height / 2) {
            for x in 0..<image.width {
                let top = image[x, cellRow * 2]
                let bottom = image[x, cellRow * 2 + 1]
                let style = Style(
                    foreground: .rgb(top.red, top.green, top.blue),
                    background: .rgb(bottom.red, bottom.green, bottom.blue))
                grid.write("▀", row: row + cellRow, column: column + x, style: style)
            }
        }
    }
}
