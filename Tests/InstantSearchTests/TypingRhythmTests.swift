import ScoutModels
import ScoutTestSupport
import Testing

@testable import InstantSearch

@Suite("Typing rhythm")
struct TypingRhythmTests {
    @Test("the debounce follows the median gap, within the configured bounds")
    func adapts() {
        var rhythm = TypingRhythm()
        let base = Duration.milliseconds(150)
        let maximum = Duration.milliseconds(400)
        #expect(rhythm.debounce(base: base, factor: 1.4, maximum: maximum) == base)
        for step in 0..<4 { rhythm.keystroke(at: .milliseconds(step * 200)) }
        #expect(rhythm.gaps.count == 3)
        #expect(rhythm.debounce(base: base, factor: 1.4, maximum: maximum) == .milliseconds(280))
        #expect(rhythm.debounce(base: base, factor: 0, maximum: maximum) == base)
        #expect(rhythm.debounce(base: .zero, factor: 1.4, maximum: maximum) == .zero)
        #expect(rhythm.debounce(base: base, factor: 10, maximum: maximum) == maximum)
    }

    @Test("fast typists keep the base debounce; pauses over a second are not rhythm")
    func fastAndPauses() {
        var rhythm = TypingRhythm()
        for step in 0..<6 { rhythm.keystroke(at: .milliseconds(step * 50)) }
        #expect(rhythm.debounce(base: .milliseconds(150), factor: 1.4, maximum: .seconds(1)) == .milliseconds(150))
        var paused = TypingRhythm()
        for step in 0..<6 { paused.keystroke(at: .seconds(step * 2)) }
        #expect(paused.gaps.isEmpty)
    }

    @Test("a session waits the rhythm's debounce, and the last keystroke is still searched")
    func sessionUsesRhythm() async {
        // Keys 90 ms apart, under the 100 ms base: after three gaps the wait becomes 126 ms.
        let harness = Harness(debounce: .milliseconds(100), typingRhythmFactor: 1.4)
        for (index, text) in ["c", "ca", "cat", "cats"].enumerated() {
            if index > 0 { harness.clock.advance(by: .milliseconds(90)) }
            harness.session.update(query: text)
        }
        #expect(harness.session.statistics.lastDebounce == .milliseconds(126))
        harness.clock.advance(by: .milliseconds(125))
        await Task.yield()
        #expect(harness.provider.calls.isEmpty)
        harness.clock.advance(by: .milliseconds(1))
        #expect(await eventually { harness.provider.calls.map(\.query) == ["cats"] })
    }
}
