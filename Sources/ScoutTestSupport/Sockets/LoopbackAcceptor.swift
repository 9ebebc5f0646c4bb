import Dispatch
import Foundation
import Synchronization

/// The accept loop of the tests' raw listeners (the canary, the forward proxy, the endless
/// body): polls its listening sockets, hands each connection to `handle` on a thread of its
/// own — with a function that tells whether the acceptor is stopping, for handlers that would
/// go on — and closes the connection after. ``stop()`` waits for the loop and every handler,
/// then closes the listening sockets.
final class LoopbackAcceptor: Sendable {
    private let sockets: [Int32]
    private let label: String
    private let handle: @Sendable (_ connection: Int32, _ isStopping: () -> Bool) -> Void
    private let stopping = Mutex(false)
    private let finished = DispatchGroup()

    init(
        sockets: [Int32], label: String,
        handle: @escaping @Sendable (_ connection: Int32, _ isStopping: () -> Bool) -> Void
    ) {
        self.sockets = sockets
        self.label = label
        self.handle = handle
    }

    private var isStopping: Bool { stopping.withLock { $0 } }

    func start() {
        finished.enter()
        DispatchQueue(label: label).async { [self] in
            acceptLoop()
            finished.leave()
        }
    }

    func stop() async {
        stopping.withLock { $0 = true }
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }
        for socket in sockets { close(socket) }
    }

    private func acceptLoop() {
        var descriptors = sockets.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        while !isStopping {
            guard poll(&descriptors, nfds_t(descriptors.count), 20) > 0 else { continue }
            for index in descriptors.indices where descriptors[index].revents & Int16(POLLIN) != 0 {
                let connection = accept(descriptors[index].fd, nil, nil)
                guard connection >= 0 else { continue }
                finished.enter()
                DispatchQueue.global().async { [self] in
                    handle(connection) { isStopping }
                    close(connection)
                    finished.leave()
                }
            }
        }
    }
}

/// Starts `acceptor`, runs `body` with `value`, and stops the acceptor however `body` ends.
func withAcceptor<Value: Sendable, T>(
    _ acceptor: LoopbackAcceptor, serving value: Value, isolation: isolated (any Actor)? = #isolation,
    _ body: (Value) async throws -> T
) async throws -> T {
    acceptor.start()
    do {
        let result = try await body(value)
        await acceptor.stop()
        return result
    } catch {
        await acceptor.stop()
        throw error
    }
}
