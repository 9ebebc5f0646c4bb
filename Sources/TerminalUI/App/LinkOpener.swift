import Foundation

/// Opens a result's link, or says it cannot (then the app prints the link when it exits).
///
/// ```swift
/// let opener = LinkOpener.system(hasDisplay: true)
/// ```
public struct LinkOpener: Sendable {
    /// Opens `url`; returns false when it could not.
    public let open: @Sendable (URL) -> Bool

    public init(open: @escaping @Sendable (URL) -> Bool) { self.open = open }

    /// Opens nothing: every link is printed on exit.
    public static let never = LinkOpener { _ in false }

    /// `xdg-open` when a display exists (`scout` checks `DISPLAY` and `WAYLAND_DISPLAY`), its output discarded
    /// so it cannot draw over the app; otherwise nothing (the link is printed on exit). Only
    /// `http(s)` links are handed over.
    public static func system(hasDisplay: Bool) -> LinkOpener {
        guard hasDisplay else { return .never }
        return LinkOpener { url in
            guard ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return false }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["xdg-open", url.absoluteString]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return false }
            return true
        }
    }
}
