import CMicroHTTPD
import Synchronization

/// The state of one request across libmicrohttpd's callbacks, created when its URI arrives and
/// released when libmicrohttpd reports it complete.
///
/// `@unchecked Sendable`: the plain `var`s are touched only from libmicrohttpd's callbacks,
/// which it never runs concurrently for one connection; what a handler task hands back goes
/// through the `outcome` mutex, and `MHD_resume_connection` orders it before the next callback.
final class RequestContext: @unchecked Sendable, Suspension {
    enum Phase {
        case headers
        case body
        case awaitingHandler
        case responded
    }

    private enum Outcome {
        case waiting
        case ready(Response)
        case taken
    }

    let rawTarget: String
    /// When the URI arrived, on the server's clock (``ServerCore/now``).
    let startedAt: Duration
    let remoteAddress: SocketAddress?
    nonisolated(unsafe) let connection: OpaquePointer

    var phase = Phase.headers
    var method = ""
    var headers = HTTPHeaders()
    var target: RequestTarget?
    var body: [UInt8] = []
    var bodyOverflowed = false
    var status = 0
    var bytesSent = 0
    /// What this request's reply holds of the server's ``ReplyMemoryBudget``, given back when it completes.
    var heldReplyBytes = 0
    var note: String?

    private let outcome = Mutex(Outcome.waiting)

    var route: String?
    /// Where libmicrohttpd held the raw target and its length when it arrived (``HeaderLayout``).
    var rawTargetPlace: (address: UInt, length: Int) = (0, 0)

    init(rawTarget: String, connection: OpaquePointer, remoteAddress: SocketAddress?, startedAt: Duration) {
        self.rawTarget = rawTarget
        self.connection = connection
        self.remoteAddress = remoteAddress
        self.startedAt = startedAt
    }

    /// Stores the handler's reply and resumes the connection, unless shutdown already did.
    func complete(with response: Response) {
        let isFirst = outcome.withLock { outcome in
            guard case .waiting = outcome else { return false }
            outcome = .ready(response)
            return true
        }
        if isFirst { MHD_resume_connection(connection) }
    }

    func abandon() { complete(with: HTTPError.shuttingDown.response) }

    /// The reply stored by ``complete(with:)``, once.
    func takeResponse() -> Response? {
        outcome.withLock { outcome in
            guard case .ready(let response) = outcome else { return nil }
            outcome = .taken
            return response
        }
    }
}
