// libFuzzer target for the TTML reader: the XML scanner, timing, region association, the ISD
// sequence and cue building over the same bytes. Build and run: scripts/fuzz.sh ttml. Built
// normally (without -DFUZZING) it replays the files named on the command line.
//
// Besides crashes it traps on broken invariants, each following from how the reader is built.
import TimedText
import FuzzSupport
import TextScanning
import TTML
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let decoded = SourceDecoder.decode(bytes)
    let lineCount = decoded.value.withUnsafeBytes { text in text.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 } }
    // Small limits, so that the depth and size guards are exercised too.
    let reader = TTMLReader(options: .init(maximumInputSize: 60_000, maximumDepth: 64))
    let result = reader.readFile(decoded.value)
    for diagnostic in result.diagnostics {
        guard let location = diagnostic.location else { continue }
        check(location.line >= 1 && location.line <= lineCount && location.column >= 1,
              "diagnostic at \(location) in a text of \(lineCount) lines: \(diagnostic)")
    }
    let file = result.value
    // The input scanned in two halves, on two cores, is what one pass makes.
    var inHalves = reader
    inHalves.options.xml.splitInputsFrom = 1
    let halves = inHalves.readFile(decoded.value)
    check(halves.value.ttml?.nodes == file.ttml?.nodes && halves.value.ttml?.regions == file.ttml?.regions,
          "the document scanned in halves differs from the one made in one pass")
    check(halves.value.document == file.document, "the track of the document scanned in halves differs")
    check(halves.diagnostics == result.diagnostics, "scanning in halves reports something else")
    check(file.document.format == .ttml, "format \(file.document.format)")
    if file.ttml == nil { check(file.document.tracks.isEmpty, "a track without a TTML document") }
    // ISDs follow each other without gaps; the first starts at 0.
    let isds = file.isds
    if let first = isds.first { check(first.begin == .zero, "the first ISD starts at \(first.begin)") }
    for k in isds.indices.dropFirst() {
        check(isds[k - 1].begin < isds[k].begin && isds[k - 1].end == isds[k].begin, "ISD \(k) does not follow ISD \(k - 1)")
    }
    // Every cue starts at an ISD where its region shows something.
    if let ttml = file.ttml, let track = file.document.tracks.first {
        for cue in track.cues {
            let isd = isds.last { $0.begin <= cue.start }
            let region = ttml.regions.firstIndex { $0.id == cue.layout.regionID }
            check(isd?.begin == cue.start && isd?.regions.contains { $0.region == region && $0.body != nil } == true,
                  "a cue at \(cue.start) where its region shows nothing")
        }
    }
    if let ttml = file.ttml {
        // Every node lies within its parent's interval; children come after their parent.
        for (index, node) in ttml.nodes.enumerated() {
            for child in node.children {
                check(child > index, "child \(child) before its parent \(index)")
                let c = ttml.nodes[child].interval
                check(c.isEmpty || (c.begin >= node.interval.begin && (node.interval.end == nil || (c.end != nil && c.end! <= node.interval.end!))),
                      "child interval \(c) outside its parent's \(node.interval)")
            }
        }
    }
    for track in file.document.tracks {
        let regionIDs = Set(track.regions.map(\.id))
        for k in track.cues.indices.dropFirst() {
            check(track.cues[k - 1].start <= track.cues[k].start, "cue \(k) starts before cue \(k - 1)")
        }
        for cue in track.cues {
            if let end = cue.end { check(end > cue.start, "a cue ends (\(end)) no later than it starts (\(cue.start))") }
            check(cue.layout.regionID.map(regionIDs.contains) ?? false, "a cue in region \(cue.layout.regionID ?? "nil") the track lacks")
        }
    }
    return 0
}

/// A trap that says which invariant broke (libFuzzer saves the input either way).
private func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("TTML fuzz invariant: \(message())") }
}

#if FUZZING
// SwiftPM links an executable's entry point under the name `<module>_main`; under libFuzzer that
// entry hands control to libFuzzer's driver.
@_cdecl("legible_fuzz_ttml_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    runLibFuzzer(argc, argv, entry: fuzzTTML)
}
#else
@main
struct Replay {
    static func main() { replayFiles(through: fuzzTTML, program: "legible-fuzz-ttml") }
}
#endif
