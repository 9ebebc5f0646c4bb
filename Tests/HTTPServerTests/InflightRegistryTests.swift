import ScoutTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// Shutdown sweeps the registry once; a request suspended just after the sweep must not be left
/// suspended (libmicrohttpd aborts the process when stopped with one) nor keep running.
@Suite("In-flight registry", .timeLimit(.minutes(10)))
struct InflightRegistryTests {
    final class RecordedSuspension: Suspension {
        let abandoned = Mutex(0)
        func abandon() { abandoned.withLock { $0 += 1 } }
    }

    @Test("a suspension registered after abandonAll is resumed at once, and its work never runs")
    func lateSuspensionIsAbandoned() async {
        let registry = InflightRegistry()
        let early = RecordedSuspension()
        registry.run(early) { try? await untilCancelled() }
        registry.cancelAll()
        registry.abandonAll()
        #expect(early.abandoned.withLock { $0 } == 1)

        let late = RecordedSuspension()
        let ran = Mutex(false)
        registry.run(late) { ran.withLock { $0 = true } }
        #expect(late.abandoned.withLock { $0 } == 1)
        // Work that had been registered would run before it left the registry.
        #expect(await eventually { registry.counts.tasks == 0 })
        #expect(!ran.withLock { $0 })
    }

    @Test("work registered after cancelAll starts cancelled")
    func lateWorkIsCancelled() async {
        let registry = InflightRegistry()
        registry.cancelAll()
        let sawCancellation = Mutex<Bool?>(nil)
        registry.run(RecordedSuspension()) { sawCancellation.withLock { $0 = Task.isCancelled } }
        #expect(await eventually { sawCancellation.withLock { $0 } != nil })
        #expect(sawCancellation.withLock { $0 } == true)
    }
}
