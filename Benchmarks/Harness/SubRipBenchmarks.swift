import Legible

/// SRT read, write and SRT→WebVTT conversion on a generated file (the same shape as
/// Benchmarks/gen_srt.py: timings, 1–2 lines, some tags, some CJK).
enum SubRipBenchmarks {
    static func all(cues: Int) -> [Benchmark] {
        let input = generate(cues: cues)
        let document = SubRipReader().read(input).value
        return [
            Benchmark(name: "srt.decode", bytes: input.count) { blackHole(SourceDecoder.decode(input)) },
            Benchmark(name: "srt.read", bytes: input.count) { blackHole(SubRipReader().read(input)) },
            // The same without freeing the result (the CLI leaves that to process exit).
            Benchmark(name: "srt.read-no-free", bytes: input.count) { Retained.keep(SubRipReader().read(input)) },
            Benchmark(name: "document.free", bytes: input.count) { Retained.free() },
            Benchmark(name: "srt.write", bytes: input.count) { blackHole(SubRipWriter().write(document).value) },
            Benchmark(name: "srt.webvtt-write", bytes: input.count) { blackHole(WebVTTWriter().write(document).value) },
            Benchmark(name: "srt-to-webvtt", bytes: input.count) {
                blackHole(WebVTTWriter().write(SubRipReader().read(input).value).value)
            },
        ]
    }

    static func generate(cues: Int) -> [UInt8] {
        var rng = SplitMix(seed: 42)
        let words = ["the", "night", "was", "quiet", "until", "we", "heard", "café", "déjà", "über", "river", "light", "open", "door"]
        let cjk = ["今日は雨が降っています。", "我们明天见。", "ちょっと待って！", "안녕하세요, 반갑습니다."]
        var out = ByteWriter(capacity: cues * 96)
        var time: Int64 = 1000
        for i in 1...cues {
            out.appendDecimal(i)
            out.append(0x0A)
            let duration = 1000 + Int64(rng.next() % 5000)
            append(time, to: &out)
            out.appendStatic(" --> ")
            append(time + duration, to: &out)
            out.append(0x0A)
            time += duration + Int64(rng.next() % 2000)
            let lines = 1 + Int(rng.next() % 2)
            for _ in 0..<lines {
                var line = ""
                if rng.next() % 10 == 0 {
                    line = cjk[Int(rng.next() % UInt64(cjk.count))]
                } else {
                    while line.utf8.count < 34 { line += (line.isEmpty ? "" : " ") + words[Int(rng.next() % UInt64(words.count))] }
                }
                if rng.next() % 10 == 0 { line = "<i>\(line)</i>" }
                out.append(line)
                out.append(0x0A)
            }
            out.append(0x0A)
        }
        return out.finish()
    }

    private static func append(_ ms: Int64, to out: inout ByteWriter) {
        let t = UInt64(ms)
        out.appendPadded(t / 3_600_000, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(t / 60_000 % 60, width: 2)
        out.append(UInt8(ascii: ":"))
        out.appendPadded(t / 1000 % 60, width: 2)
        out.append(UInt8(ascii: ","))
        out.appendPadded(t % 1000, width: 3)
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Results kept alive on purpose, so a benchmark can time work without its deallocation.
enum Retained {
    nonisolated(unsafe) static var values: [Any] = []
    static func keep(_ value: Any) { values.append(value) }
    static func free() { values.removeAll() }
}
