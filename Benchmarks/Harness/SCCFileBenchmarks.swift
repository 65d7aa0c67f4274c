import Legible
#if canImport(Glibc)
import Glibc
#endif

/// SCC reading in its stages, on a file such as Benchmarks/gen_scc.py writes (`--scc FILE`): the
/// whole read (line scanning and decoding on the calling thread, cues built on a second one), and
/// cue building alone, on one thread, from the captions that read decoded.
enum SCCFileBenchmarks {
    static func all(path: String) -> [Benchmark] {
        guard let bytes = readWholeFile(path) else {
            FileHandleOutput.error("legible-bench: cannot open \(path)")
            return []
        }
        let text = SourceText(bytes: bytes)
        let captions = SCCReader().readFile(text).value.captions.first ?? []
        return [
            Benchmark(name: "scc-file.read", bytes: bytes.count) { blackHole(SCCReader().readFile(text)) },
            Benchmark(name: "scc-file.read-no-free", bytes: bytes.count) { Retained.keep(SCCReader().readFile(text)) },
            Benchmark(name: "scc-file.cues", bytes: nil) {
                var builder = CEA608CueBuilder()
                blackHole(captions.map { builder.cue(for: $0) })
            },
        ]
    }
}

/// The bytes of the file at `path`, or nil when it cannot be read.
func readWholeFile(_ path: String) -> [UInt8]? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
    return bytes
}
