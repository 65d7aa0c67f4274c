// legible-bench: the release-build benchmark harness. Refuses debug builds, warms up, repeats,
// and prints medians as JSON. Usage: legible-bench [--filter NAME] [--repeat N] [--cues N] [--ttml FILE] [--scc FILE] [--ass FILE]
import Legible
#if canImport(Glibc)
import Glibc
#endif

guard !_isDebugAssertConfiguration() else {
    FileHandleOutput.error("legible-bench: refusing to run a debug build; use `swift run -c release legible-bench`")
    exit(2)
}

let arguments = Array(CommandLine.arguments.dropFirst())
func option(_ name: String) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}
let repeatCount = option("--repeat").flatMap(Int.init) ?? 15
let cueCount = option("--cues").flatMap(Int.init) ?? 100_000
let filter = option("--filter")

// Each family builds its input only when the filter can select one of its benchmarks (the filter
// is matched against the family prefix too), so a filtered run profiles only what it measures.
let families: [(prefix: String, make: (Int) -> [Benchmark])] = [
    ("srt", SubRipBenchmarks.all), ("webvtt", WebVTTBenchmarks.all), ("scc", SCCBenchmarks.all),
    ("timeline", TimelineBenchmarks.all), ("render", { _ in RenderBenchmarks.all() + JapaneseRenderBenchmarks.all() }),
    ("cea708", CEA708Benchmarks.all),
]
let named = families.filter { family in filter.map { family.prefix.contains($0) || $0.hasPrefix(family.prefix) } ?? true }
// --ttml FILE times the stages of reading one TTML document (see TTMLBenchmarks).
// --scc FILE times the stages of reading one SCC file (see SCCFileBenchmarks).
// --ass FILE times the stages of reading one ASS script (see SubStationAlphaBenchmarks).
let benchmarks = option("--ttml").map(TTMLBenchmarks.all(path:)) ?? option("--scc").map(SCCFileBenchmarks.all(path:))
    ?? option("--ass").map(SubStationAlphaBenchmarks.all(path:))
    ?? (named.isEmpty ? families : named).flatMap { $0.make(cueCount) }
var results: [String] = []
for benchmark in benchmarks where filter.map({ benchmark.name.contains($0) }) ?? true {
    let median = Measure.median(repeat: repeatCount, benchmark.body)
    let mbPerSecond = benchmark.bytes.map { Double($0) / 1_000_000 / median }
    var fields = "\"name\": \"\(benchmark.name)\", \"median_seconds\": \(median), \"repeat\": \(repeatCount)"
    if let bytes = benchmark.bytes { fields += ", \"bytes\": \(bytes)" }
    if let mbPerSecond { fields += ", \"mb_per_second\": \(Int(mbPerSecond * 10) / 10)" }
    if let calls = benchmark.calls { fields += ", \"calls\": \(calls), \"per_call_ns\": \(Int(median / Double(calls) * 1e10) / 10)" }
    results.append("  {\(fields)}")
}
print("[\n" + results.joined(separator: ",\n") + "\n]")
