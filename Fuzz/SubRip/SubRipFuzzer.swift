// libFuzzer target for the SRT reader (decoding included). Build and run: scripts/fuzz.sh.
// Built normally (without -DFUZZING) it replays the files named on the command line through the
// same entry point, which is how crashes found by the fuzzer are reproduced and regression-tested.
import SubRip
import FuzzSupport
import TextScanning
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSubRip(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let result = SubRipReader().read(bytes)
    // Everything read must be writable again.
    _ = SubRipWriter().write(result.value).value
    for cue in result.value.tracks.first?.cues ?? [] { _ = cue.plainText }
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_srt_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzSubRip)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzSubRip, program: "legible-fuzz-srt") }
}
#endif
