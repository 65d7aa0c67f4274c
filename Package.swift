// swift-tools-version:6.0
// Legible — a subtitle and closed-caption engine. Module map and import rules: docs/architecture.md (held by scripts/check-architecture.py)
// (a copy of the decisions lives in README.md, "Architecture").
import PackageDescription

// Release builds of the executables link the Swift runtime and Foundation statically: start-up
// halves (8 ms instead of 16), which a command run once per file in a pipeline feels. Only the
// executables carry the flag: SwiftPM refuses a library product with unsafe flags as a versioned
// dependency, and a player links the runtime its own way. ICU stays the system's: CICU loads it
// at run time.
let staticRuntimeInRelease: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
let staticLinkInRelease: [LinkerSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

let package = Package(
    name: "Legible",
    products: [
        .library(name: "Legible", targets: ["Legible"]),
        .executable(name: "legible", targets: ["legible"]),
    ],
    targets: [
        // C, kept in three thin targets. ICU is a plain C target rather than a system library:
        // it dlopen()s the system ICU privately so that it cannot clash with Foundation's own ICU
        // (see ../shared/notes/c-libraries.md); its header shows no ICU types.
        .target(name: "CICU", linkerSettings: [.linkedLibrary("dl")]),
        // libass and libpng: headers only (libass-dev, libpng-dev in /usr/include); the libraries
        // are dlopen()ed on first use, so they are not linked and their pkg-config flags (which
        // would link them) are not asked for.
        .systemLibrary(name: "CLibass"),
        .systemLibrary(name: "CPNG"),
        // glibc's <malloc.h> (part of libc6-dev, which Swift needs anyway), for the CLI's heap set-up.
        .systemLibrary(name: "CMalloc"),

        .target(name: "TimedText"),
        .target(name: "TextScanning", dependencies: ["TimedText", "CICU"]),
        .target(name: "SubRip", dependencies: ["TimedText", "TextScanning"]),
        .target(name: "WebVTT", dependencies: ["TimedText", "TextScanning"]),
        // cc_data triplets and DTVCC packets, under CEA-608 and the coming CEA-708.
        .target(name: "ClosedCaptionData", dependencies: ["TimedText"]),
        .target(name: "CEA608", dependencies: ["TimedText", "TextScanning", "ClosedCaptionData"]),
        .target(name: "CEA708", dependencies: ["TimedText", "TextScanning", "ClosedCaptionData"]),
        .target(name: "Timeline", dependencies: ["TimedText"]),
        // The XML scanner TTML reads with (and the DASH MPD and `stpp` samples will).
        .target(name: "XML", dependencies: ["TimedText", "TextScanning"]),
        .target(name: "TTML", dependencies: ["TimedText", "TextScanning", "XML"]),
        .target(name: "SubStationAlpha", dependencies: ["TimedText", "TextScanning"]),
        .target(name: "TrackSelection", dependencies: ["TimedText", "CICU"]),
        .target(name: "CaptionStyling", dependencies: ["TimedText"]),
        // TextScanning for ICU line breaking (CJK text must be broken before libass sees it) and
        // for its script facts (font choice, upright characters in vertical text, direction).
        .target(name: "Rendering", dependencies: ["TimedText", "Timeline", "CaptionStyling", "TextScanning", "CLibass", "CPNG"]),
        .target(name: "VideoIO", dependencies: ["TimedText", "Timeline", "Rendering"]),
        // The registry and the one entry point: every format's module wired in by one entry each.
        .target(name: "CaptionFormats", dependencies: ["TimedText", "TextScanning", "Timeline", "ClosedCaptionData",
                                                       "SubRip", "WebVTT", "CEA608", "CEA708", "TTML", "SubStationAlpha"]),
        // CEA608 for its character tables (the cea608.* rules hold any document to 608's limits).
        .target(name: "Validation", dependencies: ["TimedText", "Timeline", "TextScanning", "CaptionFormats", "CEA608"]),
        .target(name: "MediaCaptions", dependencies: ["TimedText", "TextScanning", "ClosedCaptionData", "CaptionFormats",
                                                      "TrackSelection", "VideoIO"]),
        // What a player opens: caption files, media files and HLS playlists as sources of options,
        // opened into tracks that carry all a renderer needs.
        .target(name: "CaptionSources", dependencies: ["TimedText", "TextScanning", "CaptionFormats", "MediaCaptions", "TrackSelection",
                                                       "Timeline", "CaptionStyling", "Rendering"]),
        // Validating many inputs: one file as `validate` checks it, directories, threads or worker processes.
        .target(name: "BatchValidation", dependencies: ["TimedText", "TextScanning", "CaptionFormats", "CaptionSources", "TrackSelection",
                                                        "Validation", "VideoIO"]),
        // Delivery: a track cut into HLS subtitle renditions (WebVTT segments, playlists).
        .target(name: "Segmenting", dependencies: ["TimedText", "CaptionFormats", "TrackSelection"]),
        .target(name: "Legible", dependencies: ["Segmenting", "TimedText", "TextScanning", "XML", "ClosedCaptionData", "SubRip", "WebVTT", "CEA608", "CEA708",
                                                "TTML", "SubStationAlpha", "Timeline", "TrackSelection", "CaptionStyling", "Rendering",
                                                "VideoIO", "CaptionFormats", "Validation", "MediaCaptions", "BatchValidation",
                                                "CaptionSources"]),
        .target(name: "LegibleCLI", dependencies: ["Legible", "CMalloc"]),
        .executableTarget(name: "legible", dependencies: ["LegibleCLI"], swiftSettings: staticRuntimeInRelease,
                          linkerSettings: staticLinkInRelease),

        .executableTarget(name: "legible-bench", dependencies: ["Legible", "XML"], path: "Benchmarks/Harness",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        // Built normally they replay files through the SRT or WebVTT reader; built with
        // `scripts/fuzz.sh srt|vtt` (-sanitize=fuzzer -DFUZZING) libFuzzer drives them.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "legible-fuzz-srt", dependencies: ["SubRip", "TextScanning", "FuzzSupport"], path: "Fuzz/SubRip",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-vtt", dependencies: ["WebVTT", "TextScanning", "FuzzSupport"], path: "Fuzz/WebVTT",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-scc", dependencies: ["CEA608", "ClosedCaptionData", "TextScanning", "FuzzSupport"], path: "Fuzz/SCC",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-cea708", dependencies: ["CEA708", "ClosedCaptionData", "TimedText", "FuzzSupport"], path: "Fuzz/CEA708",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-ttml", dependencies: ["TTML", "XML", "TextScanning", "FuzzSupport"], path: "Fuzz/TTML",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-hls", dependencies: ["TrackSelection", "TimedText", "FuzzSupport"], path: "Fuzz/HLS",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-appearance", dependencies: ["CaptionStyling", "FuzzSupport"], path: "Fuzz/Appearance",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        // The A/53 path of media files: ffprobe's packet dump parsed, 608 decoded, 708 services found.
        .executableTarget(name: "legible-fuzz-a53", dependencies: ["VideoIO", "CEA608", "ClosedCaptionData", "TimedText", "FuzzSupport"], path: "Fuzz/A53",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        // MCC files and their Caption Distribution Packets: read, re-encoded, written and read back.
        .executableTarget(name: "legible-fuzz-mcc", dependencies: ["ClosedCaptionData", "TimedText", "FuzzSupport"], path: "Fuzz/MCC",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        .executableTarget(name: "legible-fuzz-ass", dependencies: ["SubStationAlpha", "TextScanning", "FuzzSupport"], path: "Fuzz/SubStationAlpha",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),
        // Conversions: any format read, written as every format and read back.
        .target(name: "ConversionCheck", dependencies: ["CaptionFormats", "TimedText"], path: "Fuzz/ConversionCheck"),
        .executableTarget(name: "legible-fuzz-convert", dependencies: ["CaptionFormats", "ConversionCheck", "TextScanning", "FuzzSupport"], path: "Fuzz/Conversion",
                          swiftSettings: staticRuntimeInRelease, linkerSettings: staticLinkInRelease),

        // Shared by the test targets: finding and reading Fixtures/.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TimedTextTests", dependencies: ["TimedText"]),
        .testTarget(name: "TextScanningTests", dependencies: ["TextScanning", "TestSupport"]),
        .testTarget(name: "SubRipTests", dependencies: ["SubRip", "TextScanning", "WebVTT", "TestSupport"]),
        .testTarget(name: "WebVTTTests", dependencies: ["WebVTT", "SubRip", "TextScanning", "TestSupport"]),
        .testTarget(name: "ClosedCaptionDataTests", dependencies: ["ClosedCaptionData", "TimedText"]),
        .testTarget(name: "CEA708Tests", dependencies: ["CEA708", "ClosedCaptionData", "TimedText", "TestSupport"]),
        .testTarget(name: "CEA608Tests", dependencies: ["CEA608", "ClosedCaptionData", "SubRip", "TextScanning", "TestSupport"]),
        .testTarget(name: "SubStationAlphaTests", dependencies: ["SubStationAlpha", "TextScanning", "SubRip", "WebVTT", "Legible", "LegibleCLI", "TestSupport"]),
        .testTarget(name: "XMLTests", dependencies: ["XML", "TextScanning", "TimedText", "TestSupport"]),
        .testTarget(name: "TTMLTests", dependencies: ["TTML", "XML", "TextScanning", "SubRip", "WebVTT", "TestSupport"]),
        .testTarget(name: "TimelineTests", dependencies: ["Timeline"]),
        .testTarget(name: "TrackSelectionTests", dependencies: ["TrackSelection", "TimedText", "TestSupport"]),
        .testTarget(name: "VideoIOTests", dependencies: ["VideoIO", "ClosedCaptionData", "TimedText", "TestSupport"]),
        .testTarget(name: "CaptionStylingTests", dependencies: ["CaptionStyling"]),
        .testTarget(name: "RenderingTests", dependencies: ["Rendering", "TextScanning", "CaptionStyling", "Timeline", "TimedText"]),
        .testTarget(name: "LegibleTests", dependencies: ["Legible", "ConversionCheck", "TestSupport"]),
        .testTarget(name: "LegibleCLITests", dependencies: ["LegibleCLI", "TestSupport"]),
        // Every reader on damage shapes at n and 8n: catches work that grows faster than the input.
        .testTarget(name: "ReaderGrowthTests", dependencies: ["SubRip", "WebVTT", "CEA608", "TTML", "SubStationAlpha", "TextScanning", "TestSupport"]),
        .testTarget(name: "SegmentingTests", dependencies: ["Segmenting", "Legible", "TestSupport"]),
        .testTarget(name: "ValidationTests", dependencies: ["Legible", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
