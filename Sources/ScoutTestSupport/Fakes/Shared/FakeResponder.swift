import HTTPServer

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
        .either(
            immediate: { [recorder, faults, answer] request in
                guard faults.isQuiet else { return nil }
                return answer(recorder.record(request))
            },
            deferred: { [self] request in try await recorder.answering { try await respond(to: request) } })
    }

    private func respond(to request: Request) async throws -> Response {
        let record = recorder.record(request)
        let decision = faults.decide(for: record, searchText: searchText(record))
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
            try await FaultReplies.waitUntilCancelled()
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
