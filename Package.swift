// swift-tools-version:6.0
// Legible — a subtitle and closed-caption engine. Module map and import rules: ../shared/DESIGN.md
// (a copy of the decisions lives in README.md, "Architecture").
import PackageDescription

let package = Package(
    name: "Legible",
    products: [
        .library(name: "Legible", targets: ["Legible"]),
        .executable(name: "legible", targets: ["legible"]),
        .executable(name: "legible-bench", targets: ["legible-bench"]),
        .executable(name: "legible-fuzz-srt", targets: ["legible-fuzz-srt"]),
        .executable(name: "legible-fuzz-vtt", targets: ["legible-fuzz-vtt"]),
    ],
    targets: [
        // C, kept in three thin targets. ICU is a plain C target rather than a system library:
        // it dlopen()s the system ICU privately so that it cannot clash with Foundation's own ICU
        // (see ../shared/notes/c-libraries.md); its header shows no ICU types.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("dl")]),
        .systemLibrary(name: "CLibass", pkgConfig: "libass", providers: [.apt(["libass-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),

        .target(name: "TimedText"),
        .target(name: "TextScanning", dependencies: ["TimedText", "CICU"]),
        .target(name: "SubRip", dependencies: ["TimedText", "TextScanning"]),
        .target(name: "WebVTT", dependencies: ["TimedText", "TextScanning"]),
        .target(name: "Rendering", dependencies: ["TimedText", "CLibass", "CPNG"]),
        .target(name: "Legible", dependencies: ["TimedText", "TextScanning", "SubRip", "WebVTT", "Rendering"]),
        .target(name: "LegibleCLI", dependencies: ["Legible"]),
        .executableTarget(name: "legible", dependencies: ["LegibleCLI"]),

        .executableTarget(name: "legible-bench", dependencies: ["Legible"], path: "Benchmarks/Harness"),
        // Built normally they replay files through the SRT or WebVTT reader; built with
        // `scripts/fuzz.sh srt|vtt` (-sanitize=fuzzer -DFUZZING) libFuzzer drives them.
        .executableTarget(name: "legible-fuzz-srt", dependencies: ["SubRip", "TextScanning"], path: "Fuzz/SubRip"),
        .executableTarget(name: "legible-fuzz-vtt", dependencies: ["WebVTT", "TextScanning"], path: "Fuzz/WebVTT"),

        // Shared by the test targets: finding and reading Fixtures/.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TimedTextTests", dependencies: ["TimedText"]),
        .testTarget(name: "TextScanningTests", dependencies: ["TextScanning", "TestSupport"]),
        .testTarget(name: "SubRipTests", dependencies: ["SubRip", "TextScanning", "WebVTT", "TestSupport"]),
        .testTarget(name: "WebVTTTests", dependencies: ["WebVTT", "SubRip", "TextScanning", "TestSupport"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering"]),
        .testTarget(name: "LegibleCLITests", dependencies: ["LegibleCLI", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
