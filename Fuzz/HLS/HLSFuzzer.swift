// libFuzzer target for the HLS master playlist reader and track selection over what it reads.
// Build and run: scripts/fuzz.sh hls. Built normally (without -DFUZZING) it replays the files named
// on the command line. Besides crashes it traps on broken invariants.
import TimedText
import FuzzSupport
import TrackSelection
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLS(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    // Lines end as the reader ends them: LF, CRLF or a lone CR.
    var lineCount = 1
    for (k, byte) in bytes.enumerated() where byte == 0x0A || (byte == 0x0D && (k + 1 == bytes.count || bytes[k + 1] != 0x0A)) {
        lineCount += 1
    }
    let result = HLSMasterPlaylist.read(bytes)
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    let options = result.value.legibleOptions(source: "fuzz.m3u8")
    check(Set(options.map(\.id)).count == options.count, "option ids repeat")
    // Every display mode: at most one choice, one of the options, and a trace entry for each option.
    for mode in [DisplayMode.off, .forcedOnly, .automatic, .alwaysOn] {
        let viewer = ViewerPreferences(preferredLanguages: [LanguageTag("fr-CA"), LanguageTag("en")].compactMap { $0 },
                                       audioLanguage: LanguageTag("ja"), displayMode: mode, prefersSDH: size % 2 == 0)
        let selection = TrackSelector().select(options, for: viewer)
        check(selection.trace.count == options.count, "\(selection.trace.count) trace entries for \(options.count) options")
        if let chosen = selection.chosen { check(options.contains { $0.id == chosen.id }, "chose an unknown option") }
        if mode == .off { check(selection.chosen == nil, "off chose something") }
    }
    return 0
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("HLS fuzz invariant: \(message())") }
}

#if FUZZING
@_cdecl("legible_fuzz_hls_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzHLS)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzHLS, program: "legible-fuzz-hls") }
}
#endif
