// libFuzzer target for the viewer-appearance inputs: appearance JSON files and `key=value`
// specifications (CaptionStyling). Build and run: scripts/fuzz.sh appearance. Built normally
// (without -DFUZZING) it replays the files named on the command line.
import FuzzSupport
import CaptionStyling
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppearance(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    var appearance = CaptionAppearance.default
    // Either it applies or it throws a LegibleError; a crash or a hang is the finding.
    do { try appearance.apply(json: bytes) } catch {}
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(64) {
        var specified = CaptionAppearance.default
        do { try specified.apply(specification: String(line)) } catch {}
    }
    return 0
}

#if FUZZING
@_cdecl("legible_fuzz_appearance_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzAppearance)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzAppearance, program: "legible-fuzz-appearance") }
}
#endif
