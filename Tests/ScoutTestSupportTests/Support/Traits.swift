import ScoutTestSupport
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test when ../shared exists or under CI (where a missing directory then fails the
    /// test through ``SharedFixtures``); skips it otherwise.
    static var needsSharedFixtures: Self {
        .enabled(if: SharedFixtures.shouldRun, Comment(rawValue: SharedFixtures.skipComment))
    }
}
