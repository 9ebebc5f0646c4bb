import Synchronization

/// Remembers ``KeyGrammar``'s verdicts on non-ASCII scalars: judging one normalizes it (NFKC),
/// a few microseconds each, and every thumbnail of every reply is checked; the names of a
/// language's thumbnails share a few hundred scalars. At most ``capacity`` are kept; past that,
/// verdicts are computed each time.
final class NonASCIIVerdicts: Sendable {
    static let shared = NonASCIIVerdicts()
    static let capacity = 16_384

    private let verdicts = Mutex<[UInt32: Bool]>([:])

    func isAllowed(_ scalar: Unicode.Scalar, judging judge: (Unicode.Scalar) -> Bool) -> Bool {
        if let known = verdicts.withLock({ $0[scalar.value] }) { return known }
        let verdict = judge(scalar)
        verdicts.withLock { verdicts in
            if verdicts.count < Self.capacity { verdicts[scalar.value] = verdict }
        }
        return verdict
    }
}
