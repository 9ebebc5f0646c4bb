/// The goals a soak set out to meet, printed as a list marking each met or NOT met; a soak
/// with any goal not met ends in a ``SoakFailure``, so `scout-bench` exits 1.
///
/// ```swift
/// var goals = SoakGoals(soak: "chaos-soak")
/// goals.add("0 crashes", met: crashes == 0, "server up for all 10 min; exit 0 on SIGTERM")
/// try goals.finish()
/// ```
struct SoakGoals {
    let soak: String
    private(set) var goals: [(text: String, isMet: Bool, detail: String)] = []

    init(soak: String) { self.soak = soak }

    mutating func add(_ text: String, met isMet: Bool, _ detail: String) { goals.append((text, isMet, detail)) }

    /// Adds the memory goal `text`: `bytes` at the end within 10 % of the baseline of `trace`.
    mutating func addMemory(_ text: String, trace: MemoryTrace, end bytes: Int?) {
        let change = trace.change(to: bytes ?? 0)
        add(
            text, met: abs(change) <= 0.10,
            "\(MemoryTrace.mebibytes(trace.baseline)) → \(MemoryTrace.mebibytes(bytes)) "
                + "(\(change >= 0 ? "+" : "")\((change * 100).formatted(decimals: 1)) %)")
    }

    /// Prints the list and throws when a goal was not met.
    func finish() throws {
        print("\n## \(soak): goals\n")
        for goal in goals { print("- \(goal.text): \(goal.isMet ? "met" : "NOT met") — \(goal.detail)") }
        let missed = goals.filter { !$0.isMet }.map(\.text)
        guard missed.isEmpty else { throw SoakFailure("goals not met: \(missed.joined(separator: "; "))") }
    }
}
