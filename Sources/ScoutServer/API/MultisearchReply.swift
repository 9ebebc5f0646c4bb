import HTTPServer
import Networking

/// A multisearch's lines and its task, held by the server for as long as it holds the reply:
/// when the reply is freed — sent whole, or its client gone — the task is cancelled.
///
/// libmicrohttpd does not watch a connection while it waits for the next chunk of a reply, so
/// on its own it hears that the client left only when a write fails, a line later at best —
/// and a source that never answers would keep the multisearch, and the upstream requests it
/// alone asked for, running until the deadline. So while it waits for a line the reply asks the
/// socket every ``closeCheckInterval`` (two system calls, never blocking), and ends the stream
/// and cancels the multisearch the first time the client is found gone.
final class MultisearchReply: Sendable {
    /// How often a stream waiting for its next line checks that its client is still there.
    static let closeCheckInterval = Duration.milliseconds(100)

    private let lines: MultisearchLines
    private let search: Task<Void, Never>
    /// The client's connection (nil for a request made in memory).
    private let client: ClientSocket?
    /// Times the checks: the gateway's clock.
    private let timeline: Timeline

    init(lines: MultisearchLines, search: Task<Void, Never>, client: ClientSocket?, timeline: Timeline) {
        self.lines = lines
        self.search = search
        self.client = client
        self.timeline = timeline
    }

    deinit { search.cancel() }

    /// The lines written since the last call (see ``MultisearchLines/next()``); nil, and the
    /// search cancelled, once the client has closed its connection.
    func next() async -> [UInt8]? {
        guard let client else { return await lines.next() }
        if client.isClosed { return end() }
        let (lines, timeline) = (self.lines, self.timeline)
        let bytes = await withTaskGroup(of: [UInt8]??.self) { group -> [UInt8]?? in
            group.addTask { .some(await lines.next()) }
            group.addTask {
                // Returns when the client is gone (nil: no line), or when cancelled (ignored).
                while !Task.isCancelled, (try? await timeline.sleep(Self.closeCheckInterval)) != nil {
                    if client.isClosed { return nil }
                }
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        guard let bytes else { return end() }
        return bytes
    }

    /// Ends the stream of a client that left, and the multisearch with it.
    private func end() -> [UInt8]? {
        search.cancel()
        return nil
    }
}
