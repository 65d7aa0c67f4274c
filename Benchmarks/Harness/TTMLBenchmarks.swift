import Legible
import XML
#if canImport(Glibc)
import Glibc
#endif

/// TTML reading in its stages, on a file written by Benchmarks/gen_ttml.py (`--ttml FILE`):
/// the XML scan, the whole read (scan, document, ISD sequence, cues), and the ISD sequence alone.
enum TTMLBenchmarks {
    static func all(path: String) -> [Benchmark] {
        guard let bytes = readWholeFile(path) else {
            FileHandleOutput.error("legible-bench: cannot open \(path)")
            return []
        }
        let text = SourceText(bytes: bytes)
        guard let ttml = TTMLReader().readFile(text).value.ttml else {
            FileHandleOutput.error("legible-bench: \(path) is not TTML")
            return []
        }
        return [
            Benchmark(name: "ttml.xml-scan", bytes: bytes.count) { blackHole(XMLScanner().scan(text)) },
            Benchmark(name: "ttml.read", bytes: bytes.count) { blackHole(TTMLReader().readFile(text)) },
            Benchmark(name: "ttml.read-no-free", bytes: bytes.count) { Retained.keep(TTMLReader().readFile(text)) },
            Benchmark(name: "ttml.isd-sequence", bytes: bytes.count) { blackHole(TTMLISDBuilder(document: ttml).sequence()) },
        ]
    }
}
