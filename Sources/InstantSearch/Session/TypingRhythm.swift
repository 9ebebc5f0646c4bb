/// How fast this person types, from the gaps between their recent keystrokes — so the debounce
/// can wait for a pause that is long *for them*: a gap shorter than their usual rhythm means
/// they are still typing, and searching then only costs a request whose reply nobody sees.
///
/// ```swift
/// var rhythm = TypingRhythm()
/// rhythm.keystroke(at: .milliseconds(0))
/// rhythm.keystroke(at: .milliseconds(180))
/// rhythm.debounce(base: .milliseconds(150), factor: 1.4, maximum: .milliseconds(400))
/// ```
struct TypingRhythm: Sendable, Equatable {
    /// Gaps longer than this are pauses, not rhythm.
    static let burstGap = Duration.seconds(1)
    /// How many recent gaps count.
    static let window = 8
    /// Gaps needed before the rhythm is trusted.
    static let minimumSamples = 3

    private var lastKeystroke: Duration?
    private(set) var gaps: [Duration] = []

    mutating func keystroke(at now: Duration) {
        if let lastKeystroke, now - lastKeystroke < Self.burstGap {
            gaps.append(now - lastKeystroke)
            if gaps.count > Self.window { gaps.removeFirst() }
        }
        lastKeystroke = now
    }

    /// `factor` × the median recent gap, within `base`…`maximum`; `base` until enough is known.
    func debounce(base: Duration, factor: Double, maximum: Duration) -> Duration {
        guard factor > 0, base > .zero, gaps.count >= Self.minimumSamples else { return base }
        let median = gaps.sorted()[gaps.count / 2]
        let seconds = Double(median.components.seconds) + Double(median.components.attoseconds) / 1e18
        // Whole milliseconds: finer is noise, and it keeps the waits readable in logs.
        let wait = Duration.milliseconds(Int64((seconds * factor * 1000).rounded()))
        return min(max(wait, base), max(base, maximum))
    }
}
