// swift-tools-version:6.1
import PackageDescription

// Scout's fuzz targets under libFuzzer. Only `make fuzz` (scripts/fuzz.sh) builds this, in
// debug with `-O` and `-sanitize=fuzzer,address` (the targets reach internal decoders through
// `@testable import`, which needs a debug build); `make test` replays the corpora without it.
let package = Package(
    name: "ScoutFuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "Scout", path: "..")],
    targets: [
        .executableTarget(
            name: "scout-fuzz",
            dependencies: [.product(name: "FuzzHarness", package: "Scout")],
            // scripts/fuzz.sh links libFuzzer without its `main` (`libclang_rt.fuzzer_no_main`):
            // SwiftPM names an executable's entry point itself, so Entry.swift starts the driver.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ],
    swiftLanguageModes: [.v6]
)
