#if canImport(CCurl)
    import CCurl
    import Foundation
    import Synchronization

    /// The one thread that owns a multi handle and every easy handle in it (libcurl-thread(3)).
    /// Other threads only append commands to the inbox and wake the loop with
    /// `curl_multi_wakeup`; no other curl call happens anywhere else.
    ///
    /// `@unchecked Sendable`: `running` and the multi handle are touched only on the loop thread;
    /// the inbox is behind a lock; `live` is atomic. The lock is an `NSLock` (a pthread mutex)
    /// rather than `Synchronization.Mutex`, so ThreadSanitizer sees each transfer handed over to
    /// the loop thread (it cannot see inside `Mutex`).
    final class CurlLoop: @unchecked Sendable {
        enum Command {
            case start(CurlTransfer, CurlTransfer.Continuation)
            case cancel(CurlTransfer)
            case stop
        }

        private struct Inbox {
            var commands: [Command] = []
            /// Set once the loop has ended: nothing may wake a freed multi handle.
            var isClosed = false
        }

        private let settings: CurlTransport.Configuration
        private let multi: UnsafeMutableRawPointer?
        private let inboxLock = NSLock()
        private var inbox = Inbox()
        /// Easy handles now in the multi handle, each with its transfer (which they keep alive).
        private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]
        private let live = Atomic<Int>(0)

        /// Easy handles alive right now.
        var liveTransfers: Int { live.load(ordering: .relaxed) }

        init(settings: CurlTransport.Configuration) {
            CurlLibrary.initialize()
            self.settings = settings
            multi = curl_multi_init()
            if let multi {
                if let limit = settings.maxConnectionsPerHost {
                    _ = scout_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, limit))
                }
                let thread = Thread { [self] in run() }
                thread.name = "scout.curl"
                thread.start()
            } else {
                inbox.isClosed = true
            }
        }

        /// Hands `command` to the loop. Returns false when the loop has ended (the caller
        /// answers its own continuation then).
        @discardableResult
        func submit(_ command: Command) -> Bool {
            inboxLock.withLock {
                guard !inbox.isClosed, let multi else { return false }
                inbox.commands.append(command)
                // Under the lock, so it can never reach a multi handle the loop has freed.
                _ = curl_multi_wakeup(multi)
                return true
            }
        }

        private func run() {
            guard let multi else { return }
            var isStopping = false
            while !isStopping {
                let commands = inboxLock.withLock {
                    defer { inbox.commands = [] }
                    return inbox.commands
                }
                for command in commands {
                    switch command {
                    case .start(let transfer, let continuation): start(transfer, continuation, in: multi)
                    case .cancel(let transfer): cancel(transfer, in: multi, error: CancellationError())
                    case .stop: isStopping = true
                    }
                }
                guard !isStopping else { break }
                var stillRunning: Int32 = 0
                _ = curl_multi_perform(multi, &stillRunning)
                collectFinished(multi)
                _ = curl_multi_poll(multi, nil, 0, 1000, nil)
            }
            // Nobody holds the transport any more; whoever still waits hears cancellation.
            let leftover = inboxLock.withLock {
                inbox.isClosed = true
                return inbox.commands
            }
            for case .start(let transfer, let continuation) in leftover {
                transfer.continuation = continuation
                transfer.finish(.failure(CancellationError()))
            }
            for transfer in Array(running.values) { cancel(transfer, in: multi, error: CancellationError()) }
            curl_multi_cleanup(multi)
        }

        private func start(
            _ transfer: CurlTransfer, _ continuation: CurlTransfer.Continuation, in multi: UnsafeMutableRawPointer
        ) {
            transfer.continuation = continuation
            guard !transfer.isCancelled else { return transfer.finish(.failure(CancellationError())) }
            live.add(1, ordering: .relaxed)
            do {
                try transfer.makeHandle(settings)
            } catch {
                return end(transfer, with: .failure(TransportError.failed(code: -1, reason: error.reason)))
            }
            guard let easy = transfer.easy, curl_multi_add_handle(multi, easy) == CURLM_OK else {
                return end(
                    transfer, with: .failure(TransportError.failed(code: -1, reason: "libcurl refused the transfer")))
            }
            running[easy] = transfer
        }

        /// Stops `transfer` if it is still running and answers its caller with `error`.
        private func cancel(_ transfer: CurlTransfer, in multi: UnsafeMutableRawPointer, error: any Error) {
            guard let easy = transfer.easy, running.removeValue(forKey: easy) != nil else { return }
            _ = curl_multi_remove_handle(multi, easy)
            end(transfer, with: .failure(error))
        }

        private func collectFinished(_ multi: UnsafeMutableRawPointer) {
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                    let transfer = running.removeValue(forKey: easy)
                else { continue }
                let code = message.pointee.data.result
                _ = curl_multi_remove_handle(multi, easy)
                end(transfer, with: transfer.outcome(code))
            }
        }

        /// Frees the transfer's handle, then answers its caller.
        private func end(_ transfer: CurlTransfer, with result: Result<TransportReply, any Error>) {
            transfer.release()
            live.subtract(1, ordering: .relaxed)
            transfer.finish(result)
        }
    }

    /// `curl_global_init`, once per process, before the first handle.
    enum CurlLibrary {
        private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

        static func initialize() { _ = initialized }
    }
#endif
