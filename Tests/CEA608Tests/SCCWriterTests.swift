import Foundation
import Testing
import TestSupport
import TextScanning
import TimedText
import SubRip
@testable import CEA608

@Suite struct SCCWriterTests {
    private let frame = MediaTime(value: 1001, timescale: 30000)

    private func near(_ a: MediaTime?, _ b: MediaTime?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        let d = a > b ? a - b : b - a
        return d <= frame
    }

    /// SRT → SCC → read: every caption's text and times come back (within a frame), except where
    /// the writer says it had to change something.
    @Test func srtToSCCKeepsTextAndTimes() throws {
        let srt = SubRipReader().read(Fixtures.bytes("demo/demo.en.srt")).value
        let written = SCCWriter().write(srt)
        let read = SCCReader().read(SourceText(bytes: written.value))
        let cues = try #require(read.value.tracks.first?.cues)
        let original = srt.tracks[0].cues
        #expect(cues.map(\.plainText) == original.map(\.plainText))
        let late = Set(written.diagnostics.filter { $0.code == .sccLateCaption }.compactMap(\.location))
        for (before, after) in zip(original, cues) {
            if let location = before.source, late.contains(location) { continue }
            #expect(near(before.start, after.start) && near(before.end, after.end), "\(before.start) → \(after.start)")
        }
    }

    /// 32 columns, 4 rows and the 608 character set, each change reported.
    @Test func fitsColumnsRowsAndCharacters() throws {
        let long = "This line is much longer than thirty-two columns and has to wrap somewhere"
        let cues = [
            Cue(start: MediaTime(seconds: 2), end: MediaTime(seconds: 4), content: [.text(long)]),
            Cue(start: MediaTime(seconds: 6), end: MediaTime(seconds: 8), content: [.text("Åsa said “ça va” … ½ ♪")]),
            Cue(start: MediaTime(seconds: 10), end: MediaTime(seconds: 12),
                content: [.text("one"), .lineBreak, .text("two"), .lineBreak, .text("three"), .lineBreak, .text("four"), .lineBreak, .text("five")]),
        ]
        let written = SCCWriter().write(cues)
        let read = SCCReader().read(SourceText(bytes: written.value)).value.tracks[0].cues
        #expect(read.count == 3)
        #expect(read[0].plainText.split(separator: "\n").allSatisfy { $0.count <= 32 })
        #expect(read[0].plainText.replacingOccurrences(of: "\n", with: " ") == long)
        #expect(read[1].plainText == "Åsa said “ça va” . ½ ♪", "… is not in 608: written as .")
        #expect(read[2].plainText == "one\ntwo\nthree\nfour")
        let codes = written.diagnostics.map(\.code)
        #expect(codes.filter { $0 == .sccUnrepresentableCharacter }.count == 1)
        #expect(codes.contains(.sccTooManyRows))
        #expect(near(read[0].start, MediaTime(seconds: 2)) && near(read[1].end, MediaTime(seconds: 8)))
    }

    /// Captions back to back with long loads: a caption that cannot be loaded in time is shown
    /// late, and says so.
    @Test func tooLittleTimeToLoadIsReported() {
        let text = String(repeating: "word ", count: 12)
        var cues: [Cue] = []
        for k: Int64 in 0..<3 {
            let start = MediaTime(value: (30 + k * 10) * 1001, timescale: 30000)
            let end = MediaTime(value: (40 + k * 10) * 1001, timescale: 30000)
            cues.append(Cue(start: start, end: end, content: [.text(text)]))
        }
        let written = SCCWriter().write(cues)
        #expect(written.diagnostics.contains { $0.code == .sccLateCaption })
        let read = SCCReader().read(SourceText(bytes: written.value)).value.tracks[0].cues
        #expect(read.count == 3)
        let expected = text.trimmingCharacters(in: .whitespaces)
        for cue in read { #expect(cue.plainText.replacingOccurrences(of: "\n", with: " ") == expected) }
    }
}

/// Every file in Fixtures/scc-bad (inputs that once broke the SCC fuzz target) reads, writes and
/// reads back as the same captions.
@Suite struct SCCBadInputCorpusTests {
    @Test(arguments: Fixtures.list("scc-bad").filter { $0.hasSuffix(".scc") })
    func survives(_ name: String) {
        let first = SCCReader().read(Fixtures.bytes("scc-bad/\(name)")).value
        let cues = first.tracks.first?.cues ?? []
        let again = SCCReader().read(SourceText(bytes: SCCWriter().write(first).value)).value.tracks.first?.cues ?? []
        #expect(again.map(\.plainText) == cues.map(\.plainText), "\(name)")
    }
}
