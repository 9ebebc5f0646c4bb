import Foundation
import FuzzHarness

/// The target `SCOUT_FUZZ_TARGET` names, looked up once.
let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["SCOUT_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTargets.named(name) else {
        let names = FuzzTargets.all.map(\.name).joined(separator: ", ")
        FileHandle.standardError.write(Data("scout-fuzz: set SCOUT_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

/// Runs the target on one input and traps when a property does not hold, so libFuzzer saves
/// the input as a crash.
func fuzzOne(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    let problems = target.run(data)
    if !problems.isEmpty { fatalError("scout-fuzz \(target.name): \(problems.joined(separator: "; "))") }
    return 0
}

/// libFuzzer's driver (from `libclang_rt.fuzzer_no_main`): parses libFuzzer's flags and calls
/// back for every input.
@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum ScoutFuzz {
    static func main() {
        // One run before libFuzzer's clock starts: a target's one-time work (search-index-file
        // builds its sound image and ICU its transliterators, ~0.9 s of CPU under AddressSanitizer)
        // otherwise lands on the first input, which on a loaded machine overran the 10 s
        // per-input timeout and stopped the target after one execution.
        _ = target.run(Data())
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv, { bytes, count in fuzzOne(bytes, count) }))
    }
}
