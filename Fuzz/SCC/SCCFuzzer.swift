// libFuzzer target for the SCC reader and writer, the disassembler and the cc_data decoder. Build and run:
// scripts/fuzz.sh scc. Built normally (without -DFUZZING) it replays the files named on the command
// line through the same entry point, which is how crashes found by the fuzzer are reproduced.
//
// Besides crashes it traps on broken invariants, each following from how the code is built.
import TimedText
import FuzzSupport
import TextScanning
import CEA608
import ClosedCaptionData
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSCC(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoded = SourceDecoder.decode(bytes)
    let lineCount = decoded.value.withUnsafeBytes { text in text.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }

    let result = SCCReader().readFile(decoded.value)
    let file = result.value
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    // One view per cue, per track; cues in start order; a cue ends no earlier than it starts; rows
    // are on the 15×32 grid.
    check(file.cueValues.count == file.document.tracks.count, "\(file.cueValues.count) views for \(file.document.tracks.count) tracks")
    for (track, values) in zip(file.document.tracks, file.cueValues) {
        check(values.count == track.cues.count, "\(values.count) cea608 views for \(track.cues.count) cues")
        for k in track.cues.indices.dropFirst() {
            check(track.cues[k - 1].start <= track.cues[k].start, "cue \(k) starts before cue \(k - 1)")
        }
        for cue in track.cues {
            if let end = cue.end { check(end >= cue.start, "a cue ends (\(end)) before it starts (\(cue.start))") }
        }
        for view in values {
            for row in view.rows {
                check((1...15).contains(row.row) && (0...31).contains(row.column), "row \(row.row), column \(row.column)")
            }
        }
    }
    _ = SCCDisassembler.disassemble(decoded.value, options: .init(showsChannels: true))

    // Whatever was read writes back as SCC that reads again: the writer skips only cues without
    // text, and every caption it writes has text. A pop-on caption reads back as one cue; one the
    // writer could not load in time falls back to paint-on or roll-up, where each row written
    // starts a caption of its own (ttconv's convention), so at most one cue per row written (four
    // at most, once lines are wrapped at 32 columns) comes back.
    if let track = file.document.tracks.first {
        let written = SCCWriter().write(track.cues)
        let reread = SCCReader().read(SourceText(bytes: written.value))
        let again = reread.value.tracks.first?.cues.count ?? 0
        check(again <= 4 * track.cues.count, "\(track.cues.count) cues written as \(again)")
        check(!reread.hasErrors, "the written SCC cannot be read: \(reread.diagnostics.first { $0.severity == .error }!)")
    }

    // The same bytes as in-band captions: every three bytes a cc_data triplet of one picture.
    var cc = CCDataDecoder(channels: [.cc1, .cc2, .cc3, .cc4])
    var frame: Int64 = 0
    var offset = 0
    while offset < bytes.count {
        let picture = bytes[offset..<min(bytes.count, offset + 9)]
        cc.feed(CCData.triplets(picture), at: MediaTime(value: frame * 1001, timescale: 30000))
        frame += 1
        offset += 9
    }
    cc.finish()
    for caption in cc.drainCaptions() {
        if let end = caption.end { check(end >= caption.start, "an in-band caption ends before it starts") }
    }
    return 0
}

/// A trap that says which invariant broke (libFuzzer saves the input either way).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("SCC fuzz invariant: \(message())") }
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_scc_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzSCC)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzSCC, program: "legible-fuzz-scc") }
}
#endif
