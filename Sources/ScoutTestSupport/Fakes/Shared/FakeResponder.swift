import HTTPServer
import Synchronization

/// The HTTP side every fake shares: records each request, asks the ``FaultPlan`` what to do,
/// waits out latency, then answers with the fake's reply or the injected fault.
///
/// Requests with nothing planned are answered on the server thread; the rest in a task.
struct FakeResponder: HTTPResponder {
    let recorder: RequestRecorder
    let faults: FaultPlan
    /// The text a request searches for, which keys per-query latency.
    let searchText: @Sendable (RecordedRequest) -> String?
    /// The fake's normal reply; pure and quick (it may run on the server thread).
    let answer: @Sendable (RecordedRequest) -> Response

    func handler(for request: inout Request) -> Handler {
        guard !faults.isQuiet else {
            return .immediate { [recorder, answer] request in answer(recorder.record(request)) }
        }
        // Arrival is recorded here, on the server thread as the request completes, not when its
        // task gets to run: a busy process would otherwise bunch arrivals up or spread them out.
        let socket = request.clientSocket
        let record = recorder.record(request)
        let ticket = recorder.beginAnswering(record, socket: socket)
        let decision = faults.decide(for: record, searchText: searchText(record))
        return .deferred { [self] _ in
            do {
                return ending(ticket, after: try await respond(to: record, decision: decision, socket: socket))
            } catch {
                recorder.endAnswering(ticket)
                throw error
            }
        }
    }

    /// `response`, with `ticket` ended once its body is handed over: at once for bytes, after
    /// the last chunk (or the declared length) for a stream.
    private func ending(_ ticket: RequestRecorder.AnswerTicket, after response: Response) -> Response {
        recorder.answered(ticket)
        guard case .stream(let stream) = response.body else {
            recorder.endAnswering(ticket)
            return response
        }
        let delivered = Mutex(0)
        var counted = response
        counted.body = .stream(
            ResponseStream(declaredLength: stream.declaredLength) { [recorder] in
                let chunk = await stream.next()
                let total = delivered.withLock { total in
                    total += chunk?.count ?? 0
                    return total
                }
                if chunk == nil || stream.declaredLength.map({ total >= $0 }) == true { recorder.endAnswering(ticket) }
                return chunk
            })
        return counted
    }

    private func respond(
        to record: RecordedRequest, decision: FaultPlan.Decision, socket: ClientSocket?
    ) async throws -> Response {
        if decision.delay > .zero {
            try await decision.clock.sleep(for: decision.delay)
        }
        guard let fault = decision.fault else { return answer(record) }
        switch fault {
        case .latency:
            return answer(record)
        case .status(let status):
            return FaultReplies.errorPage(status: status)
        case .retryAfter(let seconds, let status):
            var response = FaultReplies.errorPage(status: status)
            response.headers["Retry-After"] = String(seconds)
            return response
        case .hang:
            try await FaultReplies.waitUntilCancelled(orClosed: socket)
            throw CancellationError()
        case .slowBody(let interval):
            return FaultReplies.trickle(answer(record), byteInterval: interval, clock: decision.clock)
        case .truncatedBody:
            return FaultReplies.truncated(answer(record))
        case .malformedJSON:
            return FaultReplies.malformed(answer(record))
        case .hugeBody(let megabytes):
            return FaultReplies.huge(megabytes: megabytes)
        }
    }
}
