// libFuzzer target for the SubStation Alpha reader (decoding included) and its writer. Build and
// run: scripts/fuzz.sh ass. Built normally (without -DFUZZING) it replays the files named on the
// command line through the same entry point, which is how crashes are reproduced.
import SubStationAlpha
import FuzzSupport
import TextScanning

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSubStationAlpha(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoded = SourceDecoder.decode(bytes)
    let file = SubStationAlphaReader().readFile(decoded.value).value
    // The script read alone is the whole read's script, event for event.
    let alone = SubStationAlphaReader().readScript(decoded.value).value
    precondition(alone.events.count == file.script.events.count && zip(alone.events, file.script.events).allSatisfy {
        $0.kind == $1.kind && $0.start == $1.start && $0.end == $1.end && $0.style == $1.style && $0.textBytes == $1.textBytes
    }, "the script read alone differs from the whole read's")
    // Read back unchanged, the script is its own text; written fresh, it must read again.
    let same = SubStationAlphaWriter(options: .init(script: file.script)).write(file.document).value
    precondition(same == file.script.sourceText, "an unchanged script did not write back as itself")
    let fresh = SubStationAlphaWriter().write(file.document).value
    _ = SubStationAlphaReader().read(SourceText(bytes: fresh))
    for cue in file.document.tracks.first?.cues ?? [] { _ = cue.plainText }
    return 0
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_ass_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzSubStationAlpha)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzSubStationAlpha, program: "legible-fuzz-ass") }
}
#endif
