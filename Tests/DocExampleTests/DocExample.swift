/// One example from a doc comment, compiled as a function of its module's `…DocExamples`.
struct DocExample: Sendable {
    /// Where the example is: `Sources/<Module>/<File>.swift:<line of its opening fence>`.
    let location: String
    /// The example; never called — building it is the check. Nil where the platform does not
    /// compile it (it sits under an `#if` in its source, as `CurlTransport` does).
    let body: (@MainActor @Sendable () async throws -> Void)?
    /// The `#if` condition it is compiled under elsewhere, when `body` is nil.
    let condition: String?

    init(_ location: String, _ body: @escaping @MainActor @Sendable () async throws -> Void) {
        self.location = location
        self.body = body
        self.condition = nil
    }

    init(_ location: String, compiledOnlyWhere condition: String) {
        self.location = location
        self.body = nil
        self.condition = condition
    }
}

/// What a prelude's names are: a value of the right type, never made, because the examples that
/// use it are compiled and never run.
func docExampleContext<Value>() -> Value {
    fatalError("doc examples are compiled, not run")
}
