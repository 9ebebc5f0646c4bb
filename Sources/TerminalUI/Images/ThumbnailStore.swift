import Foundation
import ImageLoading
import ScoutModels

/// Thumbnails for the result list: fetched with ``ImageLoading/ImageLoader``, decoded off the
/// main actor (``PixelImage``, after the header check and pixel budget), scaled once, and drawn
/// as half-block cells or placed with the kitty graphics protocol.
///
/// ```swift
/// let thumbnails = ThumbnailStore(mode: .blocks, loader: loader)
/// let app = TerminalApp(tabs: tabs, output: .standard, size: size, thumbnails: thumbnails)
/// ```
@MainActor
public final class ThumbnailStore {
    /// Columns a thumbnail takes; it is ``AppView/itemRows`` rows high.
    nonisolated public static let columns = 6
    /// Thumbnails kept decoded; beyond it the oldest are dropped.
    static let capacity = 400

    public let mode: ImageMode
    let loader: ImageLoader
    let maxPixels: Int
    var pixels: [URL: PixelImage] = [:]
    var order: [URL] = []
    var pending: Set<URL> = []
    var failed: Set<URL> = []
    /// Kitty placements requested by the frame being drawn, and those on screen.
    var framePlacements: [KittyPlacement] = []
    var shownPlacements: [KittyPlacement] = []
    /// Called on the main actor when a thumbnail arrives.
    var onUpdate: (() -> Void)?

    /// A store drawing in `mode` (``ImageMode/none`` draws nothing) with images from `loader`.
    public init(mode: ImageMode, loader: ImageLoader, maxPixels: Int = 16_000_000) {
        self.mode = mode
        self.loader = loader
        self.maxPixels = maxPixels
    }

    /// Draws `item`'s thumbnail at `row`, `column` (or records its kitty placement), starting
    /// its download when it has none yet.
    func draw(_ item: SearchItem, into grid: inout CellGrid, row: Int, column: Int) {
        guard mode != .none, let url = item.thumbnail?.url else { return }
        guard let image = pixels[url] else {
            load(url)
            return
        }
        switch mode {
        case .blocks: HalfBlocks.draw(image, into: &grid, row: row, column: column)
        case .kitty: framePlacements.append(KittyPlacement(url: url, row: row, column: column))
        case .none: break
        }
    }

    /// Escape sequences to append to the frame: kitty placements when they changed.
    func placements(for app: TerminalApp) -> String {
        defer { framePlacements = [] }
        guard mode == .kitty, framePlacements != shownPlacements else { return "" }
        shownPlacements = framePlacements
        return KittyGraphics.replace(
            with: framePlacements.compactMap { placement in
                pixels[placement.url].map { (placement, $0) }
            })
    }

    /// After a resize everything is placed again.
    func invalidatePlacements() { shownPlacements = [] }

    private func load(_ url: URL) {
        guard !pending.contains(url), !failed.contains(url) else { return }
        pending.insert(url)
        let size = Self.pixelSize(for: mode)
        Task { [loader, maxPixels] in
            let image: PixelImage?
            do {
                let loaded = try await loader.image(for: url)
                image = try await Task.detached(priority: .utility) {
                    try PixelImage(decoding: loaded.data, maxPixels: maxPixels).scaled(
                        width: size.width, height: size.height)
                }.value
            } catch {
                image = nil
            }
            self.finished(url, image)
        }
    }

    private func finished(_ url: URL, _ image: PixelImage?) {
        pending.remove(url)
        guard let image else {
            failed.insert(url)
            return
        }
        pixels[url] = image
        order.append(url)
        if order.count > Self.capacity { pixels[order.removeFirst()] = nil }
        onUpdate?()
    }

    /// Pixels per thumbnail: two per cell row for half-blocks, about 10×20 per cell for kitty.
    static func pixelSize(for mode: ImageMode) -> (width: Int, height: Int) {
        mode == .kitty ? (columns * 10, AppView.itemRows * 20) : (columns, AppView.itemRows * 2)
    }
}
