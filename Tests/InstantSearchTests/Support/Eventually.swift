/// Yields until `condition` holds; false after `timeout` of real time (a failing test, not a
/// wait: passing tests never get near it). Never sleeps.
func eventually(
    timeout: Duration = .seconds(3), isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool
) async -> Bool {
    let start = ContinuousClock.now
    while !condition() {
        if ContinuousClock.now - start > timeout { return false }
        await Task.yield()
    }
    return true
}

/// Lets other tasks run for a while, so a test can check that something did *not* happen.
func letTasksRun(isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<200 { await Task.yield() }
}
