import Legible

/// ASS reading in its stages, on a script such as Benchmarks/gen_ass.py writes (`--ass FILE`).
///
/// `ass-file.load-script` and `ass-file.load` start from the path, as `pysubs2.load` does (open,
/// decode, read): the script alone — sections, styles, events with their times and raw text,
/// what `pysubs2.load` gives — and the whole file through `CaptionFile`, every event's override
/// tags read into cues. `Benchmarks/peers.py --ass` compares both with `pysubs2.load` in one
/// Python process. The other stages start from the decoded text.
enum SubStationAlphaBenchmarks {
    static func all(path: String) -> [Benchmark] {
        guard let bytes = readWholeFile(path) else {
            FileHandleOutput.error("legible-bench: cannot open \(path)")
            return []
        }
        let text = SourceDecoder.decode(bytes).value
        return [
            Benchmark(name: "ass-file.load-script", bytes: bytes.count) {
                guard let mapped = MappedFile(path: path) else { return }
                blackHole(SubStationAlphaReader().readScript(SourceDecoder.decode(mapped).value))
            },
            Benchmark(name: "ass-file.load", bytes: bytes.count) { blackHole(try? CaptionFile(contentsOf: path)) },
            Benchmark(name: "ass-file.decode", bytes: bytes.count) { blackHole(SourceDecoder.decode(bytes)) },
            Benchmark(name: "ass-file.read-script", bytes: bytes.count) { blackHole(SubStationAlphaReader().readScript(text)) },
            Benchmark(name: "ass-file.read", bytes: bytes.count) { blackHole(SubStationAlphaReader().readFile(text)) },
            // On one core: what building the cues on all cores buys.
            Benchmark(name: "ass-file.read-one-core", bytes: bytes.count) {
                ReadConcurrency.$maximumCores.withValue(1) { blackHole(SubStationAlphaReader().readFile(text)) }
            },
        ]
    }
}
