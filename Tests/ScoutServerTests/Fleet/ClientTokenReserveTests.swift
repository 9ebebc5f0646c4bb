import Synchronization
import Testing

@testable import ScoutServer

/// The tokens an instance takes from Redis ahead of need: spent one by one, added to by each
/// refill, gone once they expire, and bounded in how many clients hold some.
@Suite("Client token reserve", .timeLimit(.minutes(1)))
struct ClientTokenReserveTests {
    /// A time line a test moves by hand.
    final class Timeline: Sendable {
        let now = Mutex(Duration.zero)
        func advance(_ by: Duration) { now.withLock { $0 += by } }
    }

    @Test("kept tokens are taken one by one, then none is left")
    func spent() {
        let time = Timeline()
        let reserve = ClientTokenReserve(elapsed: { time.now.withLock { $0 } })
        #expect(!reserve.take("a").admitted)
        reserve.keep(3, for: "a")
        #expect((0..<4).map { _ in reserve.take("a").admitted } == [true, true, true, false])
        #expect(!reserve.take("b").admitted)
    }

    @Test("refills add to what is left; tokens already expired are not revived")
    func refillsAdd() {
        let time = Timeline()
        let reserve = ClientTokenReserve(lifetime: .seconds(1), elapsed: { time.now.withLock { $0 } })
        reserve.keep(2, for: "a")
        reserve.keep(3, for: "a")
        #expect((0..<6).map { _ in reserve.take("a").admitted } == [true, true, true, true, true, false])
        reserve.keep(4, for: "a")
        time.advance(.milliseconds(1001))
        reserve.keep(1, for: "a")
        #expect((0..<2).map { _ in reserve.take("a").admitted } == [true, false])
    }

    @Test("a take that leaves at most the low-water mark asks for a refill ahead; a negative mark never does")
    func refillAhead() {
        let time = Timeline()
        let reserve = ClientTokenReserve(elapsed: { time.now.withLock { $0 } })
        reserve.keep(4, for: "a")
        let takes = (0..<4).map { _ in reserve.take("a", refillAt: 2) }
        #expect(takes.map(\.admitted) == [true, true, true, true])
        #expect(takes.map(\.refillAhead) == [false, true, true, true])
        #expect(reserve.take("a", refillAt: 2) == .init(admitted: false, refillAhead: false))
        reserve.keep(4, for: "a")
        #expect(reserve.take("a", refillAt: 2) == .init(admitted: true, refillAhead: false))
        #expect(reserve.take("b", refillAt: 2) == .init(admitted: false, refillAhead: false))
        reserve.keep(1, for: "c")
        #expect(reserve.take("c", refillAt: -1) == .init(admitted: true, refillAhead: false))
    }

    @Test("reserved tokens expire after their lifetime")
    func expiry() {
        let time = Timeline()
        let reserve = ClientTokenReserve(lifetime: .seconds(1), elapsed: { time.now.withLock { $0 } })
        reserve.keep(5, for: "a")
        #expect(reserve.take("a").admitted)
        time.advance(.milliseconds(1001))
        #expect(!reserve.take("a").admitted)
    }

    @Test("past its capacity the reserve drops expired clients first, then everyone")
    func capacity() {
        let time = Timeline()
        let reserve = ClientTokenReserve(lifetime: .seconds(1), capacity: 2, elapsed: { time.now.withLock { $0 } })
        reserve.keep(1, for: "old")
        time.advance(.seconds(2))
        reserve.keep(1, for: "a")
        reserve.keep(1, for: "b")
        #expect(!reserve.take("old").admitted)
        #expect(reserve.take("a").admitted)
        reserve.keep(1, for: "a")
        reserve.keep(1, for: "c")
        #expect(reserve.take("c").admitted)
        #expect(!reserve.take("b").admitted)
    }
}
