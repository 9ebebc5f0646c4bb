/// A small, strict command-line scanner: `--name value`, `--name=value`, boolean `--flag`s and
/// positional words; anything unexpected is a ``UsageError``.
///
/// ```swift
/// var scanner = ArgumentScanner(["--listen", "127.0.0.1:0", "extra"])
/// let listen = try scanner.value(for: "--listen")   // "127.0.0.1:0"
/// let rest = try scanner.remainingPositionals()     // ["extra"]
/// ```
struct ArgumentScanner {
    private var arguments: [String]

    init(_ arguments: [String]) { self.arguments = arguments }

    /// Removes and returns the value of `--name value` or `--name=value`, if present.
    mutating func value(for name: String) throws(UsageError) -> String? {
        guard let index = arguments.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else {
            return nil
        }
        let argument = arguments.remove(at: index)
        if argument.count > name.count { return String(argument.dropFirst(name.count + 1)) }
        guard index < arguments.count, !arguments[index].hasPrefix("--") else {
            throw UsageError("\(name) needs a value")
        }
        return arguments.remove(at: index)
    }

    /// Removes `--name` and reports whether it was there.
    mutating func flag(_ name: String) -> Bool {
        guard let index = arguments.firstIndex(of: name) else { return false }
        arguments.remove(at: index)
        return true
    }

    /// The words left; an unknown option among them is a usage error. A `--` ends options.
    mutating func remainingPositionals() throws(UsageError) -> [String] {
        var positionals: [String] = []
        var optionsEnded = false
        for argument in arguments {
            if !optionsEnded, argument == "--" {
                optionsEnded = true
            } else if !optionsEnded, argument.hasPrefix("-"), argument.count > 1 {
                throw UsageError("unknown option \(argument)")
            } else {
                positionals.append(argument)
            }
        }
        arguments = []
        return positionals
    }

    /// Fails when anything is left.
    mutating func finish() throws(UsageError) {
        let left = try remainingPositionals()
        if let first = left.first { throw UsageError("unexpected argument '\(first)'") }
    }
}

/// A mistake in how a command was called; the CLI prints it with a hint and exits 64.
struct UsageError: Error, Equatable {
    let message: String

    init(_ message: String) { self.message = message }
}
