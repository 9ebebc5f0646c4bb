import ScoutModels

/// One provider request the session makes: a first page (`cursor == nil`) or a next page.
/// `id` is the generation token a reply must still match to be published.
struct SessionRequest: Sendable, Equatable {
    let id: UInt64
    let query: SearchQuery
    let cursor: SearchCursor?
    let limit: Int

    var isFirstPage: Bool { cursor == nil }
}

/// What ``SessionMachine`` asks the session shell to do, in order.
enum SessionEffect: Sendable, Equatable {
    /// Deliver this publication to observers.
    case publish(SearchSession.Publication)
    /// Wake up at `deadline` (time since the session's origin) and report `generation`.
    case scheduleDebounce(generation: UInt64, deadline: Duration)
    /// Cancel the pending debounce timer, if any.
    case cancelDebounce
    /// Call the provider and report the reply.
    case fetch(SessionRequest)
    /// Cancel the request in flight, if any (its reply is dropped by the token check anyway).
    case cancelRequest
}
