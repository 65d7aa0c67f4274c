// libFuzzer target for the WebVTT reader (decoding included). Build and run: scripts/fuzz.sh vtt.
// Built normally (without -DFUZZING) it replays the files named on the command line through the
// same entry point, which is how crashes found by the fuzzer are reproduced and regression-tested.
//
// Besides crashes it traps on broken invariants. Each one below follows from how the reader and
// writer are built (the reasons are beside them); none is a wish.
import TimedText
import FuzzSupport
import TextScanning
import WebVTT
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTT(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoded = SourceDecoder.decode(bytes)
    let lineCount = decoded.value.withUnsafeBytes { text in text.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
    for diagnostic in decoded.diagnostics {
        if let location = diagnostic.location {
            check(location.line >= 1 && location.column >= 1, "decoder diagnostic at \(location): \(diagnostic)")
        }
    }

    // A small piece size, so that inputs of a few KiB after the first cue take the parallel path.
    let parallel = WebVTTReader(options: .init(keepsCueValues: true, minimumParallelPieceSize: 4096)).readFile(decoded.value)
    let file = parallel.value
    let cues = file.document.tracks.first?.cues ?? []
    checkLocations(parallel.diagnostics, cues, lineCount: lineCount)
    check(file.cueValues.count == cues.count, "\(file.cueValues.count) cue values for \(cues.count) cues")
    for values in file.cueValues {
        if let index = values.regionIndex {
            check(file.regionValues.indices.contains(index), "region index \(index) of \(file.regionValues.count)")
        }
    }
    for k in cues.indices.dropFirst() {
        check(cues[k - 1].start <= cues[k].start, "cue \(k) starts before cue \(k - 1) after sorting")
    }

    // Pieces start at blocks after the first cue, where the parser's only state is the line number
    // and the regions already defined (no REGION or STYLE block is read after a cue), so reading in
    // pieces must give exactly what reading in one go gives.
    let serial = WebVTTReader(options: .init(keepsCueValues: true, minimumParallelPieceSize: .max)).readFile(decoded.value)
    check(serial.value.document == file.document, "the parallel read differs from the serial read (cues)")
    check(serial.value.cueValues == file.cueValues, "the parallel read differs from the serial read (cue values)")
    check(serial.diagnostics == parallel.diagnostics, "the parallel read differs from the serial read (diagnostics)")

    for cue in cues { _ = WebVTTCueTree.dump(cue.content) }

    // Written and read again, every cue comes back with its identifier and times: the writer omits
    // only identifiers that hold `-->` or a line break, which a read identifier cannot hold; times
    // are whole milliseconds; cue text has `&`, `<` and `>` escaped and no empty line, so it cannot
    // end a cue early nor start one. (The text itself need not come back the same: see the README.)
    let written = WebVTTWriter().write(file.document).value
    let reread = WebVTTReader(options: .init(minimumParallelPieceSize: 4096)).read(SourceDecoder.decode(written).value)
    check(!reread.hasErrors, "the written file cannot be read: \(reread.diagnostics.first { $0.severity == .error }!)")
    let again = reread.value.tracks.first?.cues ?? []
    check(again.count == cues.count, "\(cues.count) cues written, \(again.count) read back")
    for (before, after) in zip(cues, again) {
        check(before.id == after.id && before.start == after.start && before.end == after.end,
              "cue \(before.id ?? "-") \(before.start)-->\(before.end.map { "\($0)" } ?? "nil") read back as "
              + "\(after.id ?? "-") \(after.start)-->\(after.end.map { "\($0)" } ?? "nil")")
    }
    return 0
}

/// Line numbers count the decoded text's line feeds from 1, so every location is on a line of it.
private func checkLocations(_ diagnostics: [Diagnostic], _ cues: [Cue], lineCount: Int) {
    for diagnostic in diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    for cue in cues {
        guard let location = cue.source else { continue }
        check(location.line >= 1 && location.line <= lineCount, "cue at \(location) in a text of \(lineCount) lines")
    }
}

/// A trap that says which invariant broke (libFuzzer saves the input either way).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("WebVTT fuzz invariant: \(message())") }
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_vtt_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzWebVTT)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzWebVTT, program: "legible-fuzz-vtt") }
}
#endif
