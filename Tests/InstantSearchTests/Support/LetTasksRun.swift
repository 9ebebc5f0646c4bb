/// Lets other tasks run for a while, so a test can check that something did *not* happen.
func letTasksRun(isolation: isolated (any Actor)? = #isolation) async {
    for _ in 0..<200 { await Task.yield() }
}
