import Foundation

/// Where one kitty image goes on screen.
struct KittyPlacement: Equatable {
    let url: URL
    let row: Int
    let column: Int
}

/// The kitty graphics protocol: RGB pixels sent in base64 chunks of at most 4096 bytes and
/// placed at a cell, sized in cells, without moving the cursor.
///
/// ```swift
/// output.write(KittyGraphics.replace(with: [(placement, pixels)]))
/// ```
enum KittyGraphics {
    /// Deletes every image, then places the given ones; the cursor is saved and restored around it.
    static func replace(with images: [(KittyPlacement, PixelImage)]) -> String {
        var output = "\u{1B}7\u{1B}_Ga=d,d=A,q=2\u{1B}\\"
        for (placement, image) in images {
            output += "\u{1B}[\(placement.row + 1);\(placement.column + 1)H"
            output += transmit(image, columns: ThumbnailStore.columns, rows: AppView.itemRows)
        }
        return output + "\u{1B}8"
    }

    /// One `a=T` (transmit and display) command, split into chunks as the protocol requires.
    static func transmit(_ image: PixelImage, columns: Int, rows: Int) -> String {
        let payload = Data(image.bytes).base64EncodedString()
        var chunks: [Substring] = []
        var start = payload.startIndex
        while start < payload.endIndex {
            let end = payload.index(start, offsetBy: 4096, limitedBy: payload.endIndex) ?? payload.endIndex
            chunks.append(payload[start..<end])
            start = end
        }
        var output = ""
        for (index, chunk) in chunks.enumerated() {
            let more = index < chunks.count - 1 ? 1 : 0
            let control =
                index == 0
                ? "a=T,f=24,s=\(image.width),v=\(image.height),c=\(columns),r=\(rows),C=1,q=2,m=\(more)" : "m=\(more)"
            output += "\u{1B}_G\(control);\(chunk)\u{1B}\\"
        }
        return output
    }
}
