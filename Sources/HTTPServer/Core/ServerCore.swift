import CMicroHTTPD
import Foundation
import Synchronization

/// The part of the server libmicrohttpd calls back into: turns callbacks into ``Request``s,
/// runs handlers, queues ``Response``s and logs them.
///
/// `@unchecked Sendable`: every stored property is immutable or itself Sendable.
final class ServerCore: @unchecked Sendable {
    let responder: any HTTPResponder
    let configuration: ServerConfiguration
    let registry = InflightRegistry()
    let replyBudget: ReplyMemoryBudget
    /// Read once: asking the responder per request would cost a dynamic call each time.
    let observer: (any RequestObserver)?
    /// Time on the configuration's clock since the server was made.
    let now: @Sendable () -> Duration
    /// The configuration's default header fields, as C strings once.
    let defaultHeaders: EncodedHeaders
    /// Tells this server's ``PreparedResponse``s from another's, whose default fields may differ.
    let identity = ServerCore.identities.add(1, ordering: .relaxed).newValue
    private static let identities = Atomic<Int>(0)

    init(responder: any HTTPResponder, configuration: ServerConfiguration) {
        self.responder = responder
        self.configuration = configuration
        self.observer = responder.observer
        self.now = Self.elapsed(on: configuration.clock)
        self.defaultHeaders = EncodedHeaders(configuration.defaultHeaders)
        self.replyBudget = ReplyMemoryBudget(capacity: configuration.limits.maxInflightReplyBytes)
    }

    private static func elapsed<C: Clock>(on clock: C) -> @Sendable () -> Duration where C.Duration == Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    // MARK: Callbacks

    /// The raw URI arrives before libmicrohttpd decodes it; the context made here is what every
    /// later callback for this request receives.
    func uriArrived(_ uri: UnsafePointer<CChar>?, connection: OpaquePointer) -> UnsafeMutableRawPointer {
        registry.requestOpened()
        let context = RequestContext(
            rawTarget: uri.map { String(cString: $0) } ?? "",
            connection: connection,
            remoteAddress: SocketAddress(scout_mhd_client_address(connection)), startedAt: now())
        if let uri {
            // Before libmicrohttpd decodes it in place: where the target is, and how long, for HeaderLayout.
            context.rawTargetPlace = (UInt(bitPattern: uri), strlen(uri))
            Self.keepQueryFromLibmicrohttpd(uri)
        }
        return Unmanaged.passRetained(context).toOpaque()
    }

    /// Ends the query string right after its `?` in libmicrohttpd's own copy of the request
    /// line, so libmicrohttpd stores no query parameters. Scout parses the query itself (from
    /// ``RequestContext/rawTarget``, copied first); libmicrohttpd would also keep each parameter
    /// as a record in the connection's memory pool, and when they do not fit — 900 parameters
    /// of a 6 KB URL filled the 32 KiB pool — version 0.9.75 closes the connection without any
    /// reply. It parses the parameters just after this callback returns, from the character
    /// after the `?` (which it replaces with NUL itself); that character is at most the line's
    /// terminating NUL, so the write stays inside the line.
    private static func keepQueryFromLibmicrohttpd(_ uri: UnsafePointer<CChar>) {
        guard let mark = strchr(uri, Int32(UInt8(ascii: "?"))) else { return }
        (mark + 1).pointee = 0
    }

    func access(
        connection: OpaquePointer, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?,
        uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?,
        contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result {
        guard let pointer = contextSlot?.pointee else { return .NO }
        let context = Unmanaged<RequestContext>.fromOpaque(pointer).takeUnretainedValue()
        switch context.phase {
        case .headers:
            context.method = method.map { String(cString: $0) } ?? ""
            if let refusal = checkFraming(of: context, method: method, version: version) ?? checkHead(of: context) {
                return queue(refusal.response, context: context)
            }
            context.phase = .body
            return .YES
        case .body:
            if let uploadSize, uploadSize.pointee > 0 {
                receiveBody(uploadData, count: uploadSize.pointee, context: context)
                uploadSize.pointee = 0
                return .YES
            }
            if context.bodyOverflowed {
                return queue(
                    HTTPError.payloadTooLarge(limit: configuration.limits.maxBodyBytes).response, context: context)
            }
            return dispatch(context)
        case .awaitingHandler:
            guard let response = context.takeResponse() else { return .YES }
            return queue(response, context: context)
        case .responded:
            return .YES
        }
    }

    func completed(
        contextSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?>?, termination: MHD_RequestTerminationCode
    ) {
        guard let pointer = contextSlot?.pointee else { return }
        contextSlot?.pointee = nil
        let context = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
        registry.requestClosed()
        replyBudget.release(context.heldReplyBytes)
        guard context.phase != .headers || context.status != 0 else { return }
        let duration = now() - context.startedAt
        if context.status != 0 {
            observer?.requestFinished(route: context.route, status: context.status, duration: duration)
        }
        let note =
            termination == .REQUEST_TERMINATED_COMPLETED_OK ? context.note : (context.note ?? termination.logNote)
        configuration.accessLog?.record(
            method: context.method, target: context.rawTarget, status: context.status,
            bytes: context.bytesSent, duration: duration,
            remote: context.remoteAddress, note: note)
    }

    // MARK: Steps

    /// The framing rules of SECURITY.md T20, on the first call for a request, before anything of
    /// it is used: also reads the header fields into `context`.
    private func checkFraming(
        of context: RequestContext, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?
    ) -> HTTPError? {
        let (headers, fields) = HeaderReader.headers(of: context.connection)
        context.headers = headers
        guard let method, let version else { return .malformedRequest(.malformedLine) }
        if HeaderLayout.isSupported {
            let layout = HeaderLayout(
                method: method, targetAddress: context.rawTargetPlace.address,
                targetLength: context.rawTargetPlace.length, version: version, fields: fields)
            guard layout.isWellFormed() else { return .malformedRequest(.malformedLine) }
        }
        return RequestFraming.violation(
            method: context.method, version: String(cString: version), rawTarget: context.rawTarget, headers: headers
        ).map(HTTPError.malformedRequest)
    }

    /// Limits and target checks that can refuse a request before its body is read.
    private func checkHead(of context: RequestContext) -> HTTPError? {
        let limits = configuration.limits
        if registry.isDraining { return .shuttingDown }
        if context.rawTarget.utf8.count > limits.maxRequestTargetBytes { return .uriTooLong }
        if context.headers.count > limits.maxHeaderCount { return .headersTooLarge }
        do {
            context.target = try RequestTarget(raw: context.rawTarget)
        } catch {
            return .badRequestTarget(error)
        }
        if let length = context.headers["Content-Length"].flatMap(Int.init), length > limits.maxBodyBytes {
            return .payloadTooLarge(limit: limits.maxBodyBytes)
        }
        return nil
    }

    private func receiveBody(_ data: UnsafePointer<CChar>?, count: Int, context: RequestContext) {
        guard !context.bodyOverflowed, let data else { return }
        guard context.body.count + count <= configuration.limits.maxBodyBytes else {
            context.bodyOverflowed = true
            context.body = []
            return
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
            context.body.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
        }
    }

    private func dispatch(_ context: RequestContext) -> MHD_Result {
        guard let target = context.target else { return .NO }
        var request = Request(
            method: HTTPMethod(rawValue: context.method), target: target, rawTarget: context.rawTarget,
            headers: context.headers, body: context.body, remoteAddress: context.remoteAddress,
            clientSocket: ClientSocket(connection: context.connection, peer: context.remoteAddress))
        context.body = []
        let handler = responder.handler(for: &request)
        context.route = request.route
        switch handler {
        case .immediate(let handler):
            return queue(response(from: { try handler(request) }), context: context)
        case .either(let immediate, let deferred):
            do {
                if let response = try immediate(request) { return queue(response, context: context) }
            } catch {
                return queue(errorResponse(error), context: context)
            }
            return suspend(context, request: request, handler: deferred)
        case .deferred(let handler):
            return suspend(context, request: request, handler: handler)
        }
    }

    private func suspend(
        _ context: RequestContext, request: Request,
        handler: @escaping @Sendable (Request) async throws -> Response
    ) -> MHD_Result {
        context.phase = .awaitingHandler
        MHD_suspend_connection(context.connection)
        registry.run(context) { [self] in
            let response: Response
            do {
                response = try await handler(request)
            } catch {
                response = errorResponse(error)
            }
            context.complete(with: response)
        }
        return .YES
    }

    private func response(from body: () throws -> Response) -> Response {
        do { return try body() } catch { return errorResponse(error) }
    }

    /// The reply for a thrown error: its own for ``HTTPResponseError``, otherwise a 500 that
    /// says nothing internal while the log keeps the error's safe description.
    func errorResponse(_ error: any Error) -> Response {
        if let error = error as? any HTTPResponseError { return error.response }
        if error is CancellationError { return HTTPError.shuttingDown.response }
        ServerLog.write("handler failed: \(String(describing: error))")
        return HTTPError.internalError.response
    }

    private func queue(_ response: Response, context: RequestContext) -> MHD_Result {
        let response = bounded(response, context: context)
        context.phase = .responded
        context.status = response.status
        let isDraining = registry.isDraining
        if case .prepared(let prepared) = response.body, !isDraining,
            let built = prepared.mhdResponse(
                forServer: identity, build: { makeMHDResponse(response, context: context, isDraining: false) })
        {
            context.bytesSent = prepared.content.count
            return MHD_queue_response(context.connection, UInt32(response.status), built)
        }
        guard let mhdResponse = makeMHDResponse(response, context: context, isDraining: isDraining) else {
            return .NO
        }
        defer { MHD_destroy_response(mhdResponse) }
        return MHD_queue_response(context.connection, UInt32(response.status), mhdResponse)
    }

    /// `response`, or the error that takes its place: over ``ServerLimits/maxReplyBytes``, or
    /// a copy per connection that does not fit the ``ReplyMemoryBudget`` (whose share it then
    /// holds until the request completes).
    private func bounded(_ response: Response, context: RequestContext) -> Response {
        let size: Int
        let isCopyPerConnection: Bool
        switch response.body {
        case .bytes(let bytes): (size, isCopyPerConnection) = (bytes.count, true)
        case .shared(let shared): (size, isCopyPerConnection) = (shared.count, false)
        case .prepared(let prepared): (size, isCopyPerConnection) = (prepared.content.count, false)
        case .file(let region): (size, isCopyPerConnection) = (region.count, false)
        case .stream: return response  // StreamingBody cuts it at the cap, one chunk held at a time
        }
        if size > configuration.limits.maxReplyBytes {
            ServerLog.write("a reply of \(size) bytes to \(context.route ?? "?") was over the cap; answered 500")
            return HTTPError.replyTooLarge(limit: configuration.limits.maxReplyBytes).response
        }
        guard isCopyPerConnection, size > ReplyMemoryBudget.smallReplyBytes else { return response }
        guard replyBudget.reserve(size) else { return HTTPError.busy.response }
        context.heldReplyBytes = size
        return response
    }

    /// libmicrohttpd's response for `response`: its body, its header fields and the defaults it
    /// does not set; `Connection: close` while draining. Nil when libmicrohttpd cannot make one.
    private func makeMHDResponse(_ response: Response, context: RequestContext, isDraining: Bool) -> OpaquePointer? {
        let mhdResponse: OpaquePointer?
        switch response.body {
        case .bytes(let bytes):
            context.bytesSent = bytes.count
            mhdResponse = bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(
                    raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .shared(let shared):
            context.bytesSent = shared.count
            mhdResponse = Self.sharedResponse(shared)
        case .prepared(let prepared):
            context.bytesSent = prepared.content.count
            switch prepared.content {
            case .bytes(let shared): mhdResponse = Self.sharedResponse(shared)
            case .file(let region): mhdResponse = Self.mappedResponse(region) ?? Self.fileResponse(region)
            }
        case .file(let region):
            context.bytesSent = region.count
            mhdResponse = Self.fileResponse(region)
        case .stream(let stream):
            mhdResponse = StreamingBody(
                stream: stream, registry: registry, context: context, limit: configuration.limits.maxReplyBytes
            ).makeMHDResponse()
        }
        guard let mhdResponse else { return nil }
        for field in response.headers
        where !field.name.caseInsensitiveEquals("Content-Length")
            && !(isDraining && field.name.caseInsensitiveEquals("Connection"))
        {
            // libmicrohttpd refuses values with CR or LF, which keeps header injection out.
            _ = MHD_add_response_header(mhdResponse, field.name, field.value)
        }
        defaultHeaders.add(to: mhdResponse, unlessIn: response.headers)
        if isDraining { _ = MHD_add_response_header(mhdResponse, "Connection", "close") }
        return mhdResponse
    }

    /// A response sending `shared` in place, holding it until libmicrohttpd calls back, however
    /// many sends (and, for a prepared response, however many requests) that takes.
    private static func sharedResponse(_ shared: SharedBytes) -> OpaquePointer? {
        inPlaceResponse(shared.buffer.baseAddress, count: shared.count, owner: shared)
    }

    /// A response sending `region` from a mapping of it, with its header in one `sendmsg`; for
    /// prepared replies, which map a file once for every request (see ``FileMapping``). Nil
    /// when the region cannot be mapped.
    private static func mappedResponse(_ region: FileRegion) -> OpaquePointer? {
        guard let mapping = FileMapping(region) else { return nil }
        return inPlaceResponse(mapping.start, count: region.count, owner: mapping)
    }

    /// A response sending the `count` bytes at `start` without copying them, holding `owner`,
    /// which keeps them valid, until libmicrohttpd destroys the response.
    private static func inPlaceResponse(_ start: UnsafeRawPointer?, count: Int, owner: AnyObject) -> OpaquePointer? {
        let hold = Unmanaged.passRetained(owner)
        let response = MHD_create_response_from_buffer_with_free_callback_cls(
            count, UnsafeMutableRawPointer(mutating: start), releaseBodyOwner, hold.toOpaque())
        if response == nil { hold.release() }
        return response
    }

    /// A response sending `region` by `sendfile` through a duplicate of its descriptor, which
    /// libmicrohttpd closes when the response is destroyed; nil when out of descriptors.
    private static func fileResponse(_ region: FileRegion) -> OpaquePointer? {
        let descriptor = region.duplicateDescriptor()
        guard descriptor >= 0 else { return nil }
        let response = MHD_create_response_from_fd_at_offset64(
            UInt64(region.count), descriptor, UInt64(region.offset))
        if response == nil { close(descriptor) }
        return response
    }
}

extension MHD_RequestTerminationCode {
    var logNote: String {
        switch self {
        case .REQUEST_TERMINATED_COMPLETED_OK: "ok"
        case .REQUEST_TERMINATED_WITH_ERROR: "terminated-with-error"
        case .REQUEST_TERMINATED_TIMEOUT_REACHED: "timed-out"
        case .REQUEST_TERMINATED_DAEMON_SHUTDOWN: "server-shutdown"
        case .REQUEST_TERMINATED_READ_ERROR: "client-read-error"
        case .REQUEST_TERMINATED_CLIENT_ABORT: "client-aborted"
        default: "terminated"
        }
    }
}
