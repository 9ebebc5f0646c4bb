import ScoutModels
import ScoutTestSupport
import Testing

@testable import InstantSearch

@Suite("Typing rhythm", .timeLimit(.minutes(10)))
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

    @Test(
        "a query that ends in a whole word of a title on screen waits only the base debounce",
        arguments: [true, false])
    func wholeWordsSearchSooner(isOn: Bool) async {
        // Keys 90 ms apart, under the 100 ms base (so nothing is searched while typing): inside a
        // word the wait becomes 1.4 × 90 = 126 ms once the rhythm is known.
        let harness = Harness(
            debounce: .milliseconds(100), typingRhythmFactor: 1.4, searchesSoonerAfterWholeWords: isOn)
        let titles = ["Harry Potter and the Goblet of Fire", "Harry Potter (film series)", "Harrying"]
        harness.provider.script("harry", .page(titles.map { item($0) }))
        var typed = ""
        for character in "harry" {
            if !typed.isEmpty { harness.clock.advance(by: .milliseconds(90)) }
            typed.append(character)
            harness.session.update(query: typed)
        }
        // Nothing on screen yet to tell a whole word by: the rhythm's wait.
        #expect(harness.session.statistics.lastDebounce == .milliseconds(126))
        harness.clock.advance(by: .milliseconds(126))
        #expect(await eventually { harness.session.state.isSettled(for: "harry") })
        for character in " potter" {
            harness.clock.advance(by: .milliseconds(90))
            typed.append(character)
            harness.session.update(query: typed)
            // "harry pott" is inside a word; "harry potter" ends with one the results know.
            let isWholeWord = typed == "harry potter" && isOn
            if typed != "harry " {
                #expect(harness.session.statistics.lastDebounce == .milliseconds(isWholeWord ? 100 : 126), "\(typed)")
            }
        }
        let wait = Duration.milliseconds(isOn ? 100 : 126)
        harness.clock.advance(by: wait - .milliseconds(1))
        await letTasksRun()
        #expect(harness.provider.queries == ["harry"])
        harness.clock.advance(by: .milliseconds(1))
        #expect(await eventually { harness.provider.queries == ["harry", "harry potter"] })
    }

    @Test(
        "whole words: the query's last token against the titles' words",
        arguments: [
            ("harry potter", true), ("harry pott", false), ("HARRY", true), ("harry fil", false),
            ("film", true), ("series", true), ("goblet of fire", true), ("zurich", true), ("züri", false),
        ])
    func wholeWord(query: String, expected: Bool) throws {
        let items = ["Harry Potter and the Goblet of Fire", "Harry Potter (film series)", "Zürich"].map { item($0) }
        #expect(Narrowing.endsWithWholeWord(try SearchQuery(query), of: items) == expected)
    }
}
