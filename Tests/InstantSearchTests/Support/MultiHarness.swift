import InstantSearch
import ScoutModels
import ScoutTestSupport
import Synchronization

/// A multi-search over scripted providers (Wikipedia, Books, Photos) on one manual clock, with
/// every section publication recorded.
struct MultiHarness {
    static let names = ["Wikipedia", "Books", "Photos"]

    let clock = ManualClock()
    let providers: [ScriptedProvider]
    let session: MultiSearchSession
    let recorder: SectionRecorder

    init(
        debounce: Duration = .milliseconds(150), isNarrowingEnabled: Bool = true, ignoresCancellation: Bool = false,
        typingRhythmFactor: Double = 0
    ) {
        providers = Self.providers(clock: clock, ignoresCancellation: ignoresCancellation)
        session = MultiSearchSession(
            providers: providers,
            configuration: .init(
                debounce: debounce, isNarrowingEnabled: isNarrowingEnabled, typingRhythmFactor: typingRhythmFactor),
            clock: clock)
        recorder = SectionRecorder(session)
    }

    /// A scripted provider for each of ``names``, in order.
    static func providers(clock: ManualClock, ignoresCancellation: Bool = false) -> [ScriptedProvider] {
        names.map { name in
            ScriptedProvider(
                clock: clock, source: SourceID(rawValue: name.lowercased()), displayName: name,
                ignoresCancellation: ignoresCancellation)
        }
    }

    /// Each section's state now, in order.
    var states: [SearchState] { session.sections.map(\.state) }

    /// Each provider's calls' queries, in order.
    var queries: [[String]] { providers.map(\.queries) }

    /// Whether every section answers `query` for good.
    func isSettled(for query: String) -> Bool {
        states.allSatisfy { $0.isSettled(for: query) }
    }
}

/// Records every section a multi-search publishes, in the order observers hear of them.
final class SectionRecorder: Sendable {
    private let storage = Mutex<[MultiSearchSession.Section]>([])

    init(_ session: MultiSearchSession) {
        session.observe { [self] section in storage.withLock { $0.append(section) } }
    }

    var sections: [MultiSearchSession.Section] { storage.withLock { $0 } }

    /// The states one section published, in order.
    func states(ofSection index: Int) -> [SearchState] {
        sections.filter { $0.index == index }.map(\.state)
    }
}
