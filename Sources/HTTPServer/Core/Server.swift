import CMicroHTTPD
import Foundation
import Synchronization

/// An HTTP/1.1 server on libmicrohttpd: an epoll thread pool, async handlers through
/// suspend/resume, explicit limits, and a graceful shutdown.
///
/// Prefer the scoped form, which always shuts down:
///
/// ```swift
/// try await Server.withRunning(ServerConfiguration(port: 0), responder: router) { server in
///     print("listening on \(server.port)")
/// }
/// ```
public final class Server: Sendable {
    private enum State: Sendable {
        case idle
        case running(daemon: DaemonHandle, core: Unmanaged<ServerCore>, port: UInt16)
        /// ``shutdown()`` is under way in `finished`; later callers wait for it.
        case stopping(port: UInt16, finished: Task<Void, Never>)
        case stopped
    }

    /// `@unchecked Sendable`: libmicrohttpd's daemon functions used here are thread-safe, and
    /// only one ``shutdown()`` stops it.
    private struct DaemonHandle: @unchecked Sendable, Equatable {
        let pointer: OpaquePointer
    }

    public let configuration: ServerConfiguration
    private let core: ServerCore
    private let state = Mutex(State.idle)

    public init(configuration: ServerConfiguration, responder: some HTTPResponder) {
        self.configuration = configuration
        self.core = ServerCore(responder: responder, configuration: configuration)
    }

    deinit {
        if case .running = state.withLock({ $0 }) {
            ServerLog.write("a Server was released while running; call shutdown() first")
        }
    }

    /// The bound port (the real one when the configuration asked for 0); 0 before ``start()``.
    public var port: UInt16 {
        state.withLock { state in
            switch state {
            case .running(_, _, let port), .stopping(let port, _): return port
            case .idle, .stopped: return 0
            }
        }
    }

    /// Binds and starts serving.
    public func start() throws(ServerError) {
        var address = try BindAddress(host: configuration.host, port: configuration.port)
        let retainedCore = Unmanaged.passRetained(core)
        let daemon = address.withSockaddr { sockaddr in
            var settings = scout_mhd_settings()
            settings.bind_address = sockaddr
            settings.thread_pool_size = UInt32(max(1, configuration.threadCount))
            settings.connection_timeout_seconds = UInt32(max(1, configuration.limits.idleTimeoutSeconds))
            settings.connection_limit = UInt32(configuration.limits.maxConnections)
            settings.per_ip_connection_limit = UInt32(configuration.limits.maxConnectionsPerIP)
            settings.connection_memory_limit = configuration.limits.connectionMemoryBytes
            settings.listen_backlog = UInt32(configuration.limits.listenBacklog)
            // libmicrohttpd's strict mode (0.9.75: Host required on HTTP/1.1, no space in the
            // target); ServerCore checks the rest of SECURITY.md T20 itself.
            settings.strict_for_client = 1
            settings.access_handler = MHDCallbacks.access
            settings.access_handler_context = retainedCore.toOpaque()
            settings.completed = MHDCallbacks.completed
            settings.completed_context = retainedCore.toOpaque()
            settings.uri_logger = MHDCallbacks.uriArrived
            settings.uri_logger_context = retainedCore.toOpaque()
            settings.error_logger = MHDCallbacks.errorLog
            return scout_mhd_start(&settings)
        }
        guard let daemon else {
            let code = errno
            retainedCore.release()
            throw ServerError.cannotListen(host: configuration.host, port: configuration.port, errno: code)
        }
        if !HeaderLayout.isSupported {
            ServerLog.write(
                "libmicrohttpd \(String(cString: MHD_get_version())) is not the 0.9.75 whose buffer HeaderLayout reads: "
                    + "NUL bytes, folded lines and bare line ends in a request's head are left to libmicrohttpd")
        }
        let port = scout_mhd_bound_port(daemon)
        state.withLock { $0 = .running(daemon: DaemonHandle(pointer: daemon), core: retainedCore, port: port) }
    }

    /// Answers new requests 503, lets in-flight requests finish for the grace period, cancels the
    /// rest (they answer 503 too), resumes every suspended connection and stops the daemon,
    /// which closes the listening socket.
    /// Safe to call more than once: every caller returns once the server has stopped. The work
    /// runs in its own task, so a caller's cancellation does not cut the grace period short.
    public func shutdown() async {
        let stopping = state.withLock { state -> Task<Void, Never>? in
            switch state {
            case .running(let daemon, let retainedCore, let port):
                let finished = Task { await self.stop(daemon, retainedCore) }
                state = .stopping(port: port, finished: finished)
                return finished
            case .stopping(_, let finished): return finished
            case .idle, .stopped: return nil
            }
        }
        await stopping?.value
    }

    private func stop(_ daemon: DaemonHandle, _ retainedCore: Unmanaged<ServerCore>) async {
        let registry = core.registry
        // New requests now answer 503 with `Connection: close`. The daemon keeps listening until
        // it stops: MHD_quiesce_daemon on an epoll daemon with its own threads races those
        // threads for the listen socket, and libmicrohttpd 0.9.75 aborts the process when it
        // loses (a defect still open upstream; it crashed twice in about 100 stress runs here).
        registry.startDraining()

        await wait(for: .tasks, atMost: configuration.shutdownGracePeriod)
        registry.cancelAll()
        await wait(for: .tasks, atMost: .milliseconds(500))
        // Handlers that ignore cancellation still get their connection answered and resumed.
        registry.abandonAll()
        await wait(for: .requests, atMost: .seconds(1))
        MHD_stop_daemon(daemon.pointer)
        state.withLock { $0 = .stopped }
        retainedCore.release()
        configuration.accessLog?.flush()
    }

    /// Returns once no `work` is in flight, or after `limit` on the server's clock.
    private func wait(for work: InflightRegistry.Work, atMost limit: Duration) async {
        let registry = core.registry
        let clock = configuration.clock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await registry.waitUntilIdle(work) }
            group.addTask { try? await clock.sleep(for: limit) }
            await group.next()
            group.cancelAll()
        }
    }

    /// Starts a server, runs `body`, and shuts the server down however `body` ends.
    public static func withRunning<T>(
        _ configuration: ServerConfiguration, responder: some HTTPResponder,
        _ body: (Server) async throws -> T
    ) async throws -> T {
        let server = Server(configuration: configuration, responder: responder)
        try server.start()
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}

/// Why a server could not start.
public enum ServerError: Error, CustomStringConvertible, Equatable {
    case invalidHost(String)
    case cannotListen(host: String, port: UInt16, errno: Int32)

    public var description: String {
        switch self {
        case .invalidHost(let host):
            "\(host) is not a numeric IPv4 or IPv6 address. Use one such as 127.0.0.1 or ::1."
        case .cannotListen(let host, let port, let code):
            "Could not listen on \(SocketAddress(host: host, port: port)): \(String(cString: strerror(code))). "
                + (code == EADDRINUSE
                    ? "Another program uses that port; stop it or choose another with --listen."
                    : "Check the address and your permissions.")
        }
    }
}
