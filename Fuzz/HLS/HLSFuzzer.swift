// libFuzzer target for the HLS master playlist reader and track selection over what it reads, and
// for the media playlist reader on the same bytes.
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
    checkMediaPlaylist(bytes, lineCount: lineCount)
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

/// The media playlist read of the same bytes: diagnostics on lines of the text, start times that
/// are the exact running sum of the durations, consecutive sequence numbers, segments in order.
private func checkMediaPlaylist(_ bytes: [UInt8], lineCount: Int) {
    let media = HLSMediaPlaylist.read(bytes)
    for diagnostic in media.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "media playlist diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    var start = MediaTime.zero
    for (index, segment) in media.value.segments.enumerated() {
        check(segment.startTime == start && segment.duration >= .zero, "segment \(index) starts at \(segment.startTime), not \(start)")
        let (number, overflow) = media.value.mediaSequence.addingReportingOverflow(index)
        check(segment.sequenceNumber == (overflow ? Int.max : number), "segment \(index) has sequence number \(segment.sequenceNumber)")
        check(index == 0 || media.value.segments[index - 1].location < segment.location, "segment \(index) is out of order")
        if let range = segment.byteRange { check(range.length >= 0 && range.offset >= 0, "byte range \(range)") }
        start = start + segment.duration
        if let found = media.value.segmentIndex(at: segment.startTime), segment.duration > .zero {
            check(found == index, "segmentIndex(at: \(segment.startTime)) is \(found), not \(index)")
        }
    }
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
