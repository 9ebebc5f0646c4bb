/// An export's progress, as its handler hears it: each part a phase of its own, as an import
/// reports each file — `books` (counted in books), then `readings`, `links` and `relations`
/// (counted in pages of books read, their lines as the records) — after every page, and once
/// more when the part ends. A part with no line is not reported at all.
///
/// ```swift
/// var progress = ExportProgress(handler: show, clock: ContinuousClock())
/// progress.start("relations", steps: pages)
/// progress.advance(steps: 1, records: linesOfThePage)
/// progress.finish()
/// ```
struct ExportProgress {
    private let handler: ImportProgressHandler?
    /// Time since the export started.
    private let elapsed: @Sendable () -> Duration
    /// When the phase started, as time since the export did: a phase's rate and time left
    /// count its own time, as an import's file's do.
    private var phaseStart = Duration.zero
    private var phase = ""
    private var steps = 0
    private var stepsDone = 0
    private var records = 0

    init(handler: ImportProgressHandler?, clock: any Clock<Duration>) {
        self.handler = handler
        elapsed = Self.elapsed(on: clock)
    }

    /// Whether anyone listens: when nobody does, an export counts nothing it would not need.
    var isHeard: Bool { handler != nil }

    private static func elapsed(on clock: some Clock<Duration>) -> @Sendable () -> Duration {
        let origin = clock.now
        return { origin.duration(to: clock.now) }
    }

    /// Starts the phase `phase`, of `steps` steps.
    mutating func start(_ phase: String, steps: Int) {
        (self.phase, self.steps, stepsDone, records) = (phase, steps, 0, 0)
        if handler != nil { phaseStart = elapsed() }
    }

    /// Counts `steps` more steps done and `records` more lines written, and reports them.
    mutating func advance(steps: Int, records: Int) {
        stepsDone += steps
        self.records += records
        report(isFinished: false)
    }

    /// Ends the phase with its last report.
    mutating func finish() {
        stepsDone = steps
        report(isFinished: true)
    }

    private func report(isFinished: Bool) {
        guard let handler, records > 0 else { return }
        handler(
            ImportProgress(
                phase: phase, bytesRead: stepsDone, totalBytes: steps, records: records,
                elapsed: elapsed() - phaseStart,
                isFinished: isFinished))
    }
}
