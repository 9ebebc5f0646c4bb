import ScoutTestSupport

/// The upstream misbehaviour of the chaos soak (issue #16): 10 % 5xx, 5 % hangs, 5 % 429 with
/// `Retry-After`, 2 % truncated bodies, 1 % malformed JSON, 1 % slow bodies (1 byte/s); the
/// other 76 % answer normally after 10–100 ms.
///
/// Each request a fake receives draws its share from its sequence number through a seeded hash,
/// so the draw is independent of timing, the same on every run, and known afterwards: the
/// budget check finds the 429s (and their `Retry-After` windows) from the sequence numbers.
///
/// ```swift
/// let mix = ChaosMix(seed: 16)
/// mix.install(on: fake.faults)
/// mix.share(of: request).fault   // .retryAfter(seconds: 1, status: 429), say
/// ```
struct ChaosMix: Sendable {
    /// One kind of reply and the part of requests that get it.
    struct Share: Sendable {
        let label: String
        let fault: Fault
        let percent: Double
    }

    /// The seconds of `Retry-After` on each 429.
    static let retryAfterSeconds = 1

    static let shares: [Share] =
        [
            Share(label: "500", fault: .status(500), percent: 3),
            Share(label: "502", fault: .status(502), percent: 3),
            Share(label: "503", fault: .status(503), percent: 4),
            Share(label: "hang", fault: .hang, percent: 5),
            Share(
                label: "429 Retry-After: \(retryAfterSeconds)", fault: .retryAfter(seconds: retryAfterSeconds),
                percent: 5),
            Share(label: "truncated body", fault: .truncatedBody, percent: 2),
            Share(label: "malformed JSON", fault: .malformedJSON, percent: 1),
            Share(label: "slow body (1 byte/s)", fault: .slowBody(byteInterval: .seconds(1)), percent: 1),
        ]
        // Normal replies, in ten latency steps of 7.6 %.
        + (1...10).map { step in
            Share(label: "normal", fault: .latency(.milliseconds(10 * step)), percent: 7.6)
        }

    let seed: UInt64

    /// The position in ``shares`` drawn for the request with `sequenceNumber`.
    func shareIndex(forSequence sequenceNumber: Int) -> Int {
        var random = SplitMix64(seed: seed ^ (UInt64(sequenceNumber) &* 0xD6E8_FEB8_6659_FD93))
        let draw = Double(random.next() >> 11) / Double(1 << 53) * 100
        var cumulative = 0.0
        for (index, share) in Self.shares.enumerated() {
            cumulative += share.percent
            if draw < cumulative { return index }
        }
        return Self.shares.count - 1
    }

    /// The share `request` got.
    func share(of request: RecordedRequest) -> Share { Self.shares[shareIndex(forSequence: request.sequenceNumber)] }

    /// Scripts every share on `plan`, each for the requests that draw it.
    func install(on plan: FaultPlan) {
        for (index, share) in Self.shares.enumerated() {
            plan.inject(share.fault) { request in shareIndex(forSequence: request.sequenceNumber) == index }
        }
    }
}
