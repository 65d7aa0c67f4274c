import Testing
import TestSupport
import TextScanning
import TimedText
@testable import CEA608

/// Cues shown at the same time become one pop-on caption holding them all: a pop-on caption
/// replaces the whole screen, so writing each on its own (as before) erased the one before it.
@Suite struct SCCSimultaneousCaptionTests {
    static func cue(_ text: String, _ start: Int64, _ end: Int64?, line: Fraction? = nil) -> Cue {
        var cue = Cue(start: MediaTime(seconds: start), end: end.map { MediaTime(seconds: $0) }, content: [.text(text)])
        if let line {
            cue.layout.line = .fraction(line)
            cue.layout.lineAlignment = .start
        }
        return cue
    }

    static func readBack(_ written: ParseResult<[UInt8]>) -> [Cue] {
        SCCReader().read(SourceText(bytes: written.value)).value.tracks.first?.cues ?? []
    }

    @Test func screensSplitWhereCuesOverlap() {
        let cues = [Self.cue("a", 1, 5), Self.cue("b", 3, 8), Self.cue("c", 10, 12), Self.cue("open", 12, nil), Self.cue("d", 14, 14)]
        let screens = SCCScreens.screens(cues)
        #expect(screens == [
            SCCScreen(start: MediaTime(seconds: 1), end: MediaTime(seconds: 3), cues: [0]),
            SCCScreen(start: MediaTime(seconds: 3), end: MediaTime(seconds: 5), cues: [0, 1]),
            SCCScreen(start: MediaTime(seconds: 5), end: MediaTime(seconds: 8), cues: [1]),
            SCCScreen(start: MediaTime(seconds: 10), end: MediaTime(seconds: 12), cues: [2]),
            // An open end lasts until the next start; a zero-length cue is its own screen.
            SCCScreen(start: MediaTime(seconds: 12), end: MediaTime(seconds: 14), cues: [3]),
            SCCScreen(start: MediaTime(seconds: 14), end: MediaTime(seconds: 14), cues: [4]),
        ])
    }

    /// Many cues on screen at once: each screen lists the first 15 (608's rows), and the work
    /// stays linear.
    @Test func manyOverlappingCuesStayLinear() {
        let make = { (n: Int) in (0..<n).map { k in Self.cue("x", Int64(k), Int64(n + k)) } }
        let screens = SCCScreens.screens(make(100))
        #expect(screens.allSatisfy { $0.cues.count <= SCCScreens.maximumCues })
        #expect(screens.count == 199)
        let ratio = LinearGrowth.ratio(n: 2_000, make: make) { _ = SCCScreens.screens($0) }
        #expect(ratio < LinearGrowth.bound, "8× the cues took \(ratio)× as long")
    }

    /// Two cues overlapping: the first alone, both (each on its own rows: the first keeps its row,
    /// the second goes above it), the second alone; said.
    @Test func overlappingCuesShareTheScreen() throws {
        let written = SCCWriter().write([Self.cue("First speaker", 1, 5), Self.cue("Second speaker", 3, 8)])
        let read = Self.readBack(written)
        #expect(read.map(\.plainText) == ["First speaker", "Second speaker\nFirst speaker", "Second speaker"])
        #expect(read.map { $0.start.rounded(toTimescale: 10) } == [10, 30, 50].map(Int64.init))
        let note = try #require(written.diagnostics.first { $0.code == .sccSimultaneousCaptions })
        #expect(note.severity == .info)
        #expect(note.message == "captions shown at the same time are written as one pop-on caption holding them all (1 time, the first here); 1 moved to free rows where their rows were taken")
        #expect(!written.diagnostics.contains { $0.code == .sccSimultaneousCaptionCut })
    }

    /// A cue at the top and one at the bottom at once keep their rows.
    @Test func placedCuesKeepTheirRows() {
        let written = SCCWriter().write([Self.cue("top", 1, 5, line: Fraction(1, 10)), Self.cue("bottom", 1, 5)])
        let read = Self.readBack(written)
        #expect(read.count == 1)
        #expect(read.first?.plainText == "top\nbottom")
        #expect(!(written.diagnostics.first { $0.code == .sccSimultaneousCaptions }?.message.contains("moved") ?? true))
    }

    /// Five one-row cues at once: 608 pop-on shows four rows; the fifth is reported, never
    /// dropped silently.
    @Test func aFifthRowIsReportedCut() throws {
        let cues = (0..<5).map { k in Self.cue("cue \(k)", 5, 9) }
        let written = SCCWriter().write(cues)
        let read = Self.readBack(written)
        #expect(read.count == 1)
        #expect(read.first?.plainText.split(separator: "\n").count == 4)
        let cuts = written.diagnostics.filter { $0.code == .sccSimultaneousCaptionCut }
        #expect(cuts.map(\.message) == [
            "caption 5 is not shown from 5.0 s to 9.0 s: 4 rows of captions shown at the same time are already on screen, and 608 pop-on shows 4",
            "caption 5 is never shown: other captions shown at the same time fill 608's rows",
        ])
        #expect(cuts.allSatisfy { $0.severity == .warning })
    }
}
