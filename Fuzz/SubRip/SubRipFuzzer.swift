// libFuzzer target for the SRT reader (decoding included). Build and run: scripts/fuzz.sh.
// Built normally (without -DFUZZING) it replays the files named on the command line through the
// same entry point, which is how crashes found by the fuzzer are reproduced and regression-tested.
import SubRip
import TextScanning
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSubRip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = SubRipReader().read(bytes)
    // Everything read must be writable again.
    _ = SubRipWriter().write(result.value)
    for cue in result.value.tracks.first?.cues ?? [] { _ = cue.plainText }
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32) -> Int32

@_cdecl("legible_fuzz_srt_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var vector = argv
    return LLVMFuzzerRunDriver(&count, &vector, fuzzSubRip)
}
#else
@main
struct Replay {
    static func main() {
        let paths = CommandLine.arguments.dropFirst()
        if paths.isEmpty {
            print("usage: legible-fuzz-srt FILE...   (replays inputs through the fuzz entry point)")
            exit(2)
        }
        for path in paths {
            guard let file = fopen(path, "rb") else {
                print("cannot open \(path)")
                exit(1)
            }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65536)
            while case let n = fread(&chunk, 1, chunk.count, file), n > 0 { bytes.append(contentsOf: chunk[0..<n]) }
            fclose(file)
            _ = bytes.withUnsafeBufferPointer { fuzzSubRip($0.baseAddress, $0.count) }
        }
        print("replayed \(paths.count) input\(paths.count == 1 ? "" : "s") without a crash")
    }
}
#endif
