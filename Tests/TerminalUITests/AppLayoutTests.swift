import Foundation
import InstantSearch
import ScoutModels
import ScoutTestSupport
import Testing

@testable import TerminalUI

/// The app drawn in memory over a provider that answers at once: grid navigation, paging, and
/// the selection frame's size.
@MainActor
@Suite("Terminal app layout", .timeLimit(.minutes(10)))
struct AppLayoutTests {
    /// Pages of `pageSize` numbered photos for any query, 60 in all.
    struct Photos: SearchProvider {
        let source = SourceID.commons
        let displayName = "Photos"

        func search(_ query: SearchQuery, cursor: SearchCursor?, limit: Int) async throws -> SearchPage {
            let start = Int(cursor?.rawValue ?? "0") ?? 0
            let end = min(60, start + limit)
            let items = (start..<end).map { index in
                SearchItem(
                    id: "\(index)", title: "Photo \(index)", description: nil, thumbnail: nil,
                    link: URL(string: "https://example.org/\(index)")!, source: .commons)
            }
            return SearchPage(items: items, nextCursor: end < 60 ? SearchCursor("\(end)") : nil)
        }
    }

    private func app(layout: SourceTab.Layout) -> TerminalApp {
        let model = SearchViewModel(provider: Photos(), configuration: .init(debounce: .zero, pageSize: 20))
        let tab = SourceTab(name: "Photos", model: model, layout: layout)
        return TerminalApp(
            tabs: [tab], output: .memory(), size: WindowSize(rows: 20, columns: 80), clock: ManualClock())
    }

    /// Waits through the one `eventually` for the model's search task (the debounce is zero).
    private func settle(_ app: TerminalApp, until condition: () -> Bool) async throws {
        #expect(await eventually { condition() })
    }

    private func text(of grid: CellGrid, row: Int) -> String {
        (0..<grid.columns).map { grid[row, $0].text }.joined()
    }

    @Test("photos: a grid of tiles; ↓ moves a row, →/← the next and previous tile, the last row loads more")
    func grid() async throws {
        let app = app(layout: .grid)
        app.handle(.key(.text("p")))
        try await settle(app) { app.model.items.count == 20 }
        #expect(app.tilesPerRow == 6)
        let (grid, _) = AppView(app: app).draw()
        #expect(text(of: grid, row: 4).contains("Photo 0      Photo 1"))
        app.handle(.key(.down))
        #expect(app.selection == 6)
        app.handle(.key(.right))
        #expect(app.selection == 7)
        app.handle(.key(.left))
        #expect(app.selection == 6 && app.editor.isCursorAtEnd)
        app.handle(.key(.right))
        app.handle(.key(.down))
        app.handle(.key(.down))
        #expect(app.selection == 19)  // the last tile of the last row…
        try await settle(app) { app.model.items.count == 40 }  // …which asked for the next page
    }

    @Test("photos: ← on the first tile edits the query, as in a list")
    func leftOnTheFirstTile() async throws {
        let app = app(layout: .grid)
        app.handle(.key(.text("p")))
        try await settle(app) { app.model.items.count == 20 }
        #expect(app.selection == 0)
        app.handle(.key(.left))
        #expect(app.selection == 0 && !app.editor.isCursorAtEnd)
    }

    @Test("moving the selection repaints two rows, not the screen")
    func selectionFrame() async throws {
        let app = app(layout: .list)
        app.handle(.key(.text("p")))
        try await settle(app) { app.model.items.count == 20 }
        app.render()
        let before = app.output.bytesWritten
        app.handle(.key(.down))
        app.render()
        let frame = app.output.bytesWritten - before
        #expect(frame > 0 && frame <= 1024)
    }
}
