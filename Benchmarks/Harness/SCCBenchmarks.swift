import Legible

/// The SCC reader (and writer) on pop-on captions like Benchmarks/gen_scc.py makes: 10,000 one- or
/// two-row captions, 1.5–5 s each with gaps, written by `SCCWriter` so that every caption loads in
/// time and reads back whole.
enum SCCBenchmarks {
    static func all(cues: Int) -> [Benchmark] {
        let captions = generate(captions: min(cues, 10_000))
        let input = SCCWriter().write(captions).value
        return [
            // The two channels' decoders and the cues, as `legible info` reads.
            Benchmark(name: "scc.read", bytes: input.count) { blackHole(SCCReader().readFile(SourceText(bytes: input))) },
            Benchmark(name: "scc.write", bytes: nil) { blackHole(SCCWriter().write(captions)) },
        ]
    }

    static func generate(captions count: Int) -> [Cue] {
        var rng = SplitMix(seed: 11)
        let words = ["THE", "NIGHT", "WAS", "QUIET", "UNTIL", "WE", "HEARD", "RIVER", "LIGHT", "OPEN", "DOOR",
                     "AND", "THEN", "NOTHING", "AT", "ALL", "café", "¿qué?"]
        var cues: [Cue] = []
        var frame: Int64 = 90
        for _ in 0..<count {
            let duration = 45 + Int64(rng.next() % 105)
            var content: [InlineNode] = []
            for row in 0..<(1 + Int(rng.next() % 2)) {
                var line = ""
                while line.count < 24 { line += (line.isEmpty ? "" : " ") + words[Int(rng.next() % UInt64(words.count))] }
                if row > 0 { content.append(.lineBreak) }
                content.append(.text(line))
            }
            cues.append(Cue(start: SCCTimecode.time(ofFrame: frame), end: SCCTimecode.time(ofFrame: frame + duration), content: content))
            frame += duration + 60 + Int64(rng.next() % 30)
        }
        return cues
    }
}
