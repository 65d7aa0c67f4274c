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

    /// Italics, underline and colours go as mid-row codes (in place of the space where the look
    /// changes) and style PACs, and read back as the same spans.
    @Test func looksAreWrittenAsMidRowCodesAndStylePACs() throws {
        let green = StyleProperties(color: Color(red: 0, green: 255, blue: 0))
        let content: [InlineNode] = [
            .text("Plain "), .span(InlineSpan(.italic, children: [.text("italic")])), .text(" and "),
            .span(InlineSpan(.styled, style: green, children: [.text("green")])),
            .lineBreak, .span(InlineSpan(.underline, children: [.text("under")])),
        ]
        let cue = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 7), content: content)
        let written = SCCWriter().write([cue])
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics.map(\.message))")
        let back = try #require(SCCReader().read(SourceText(bytes: written.value)).value.tracks.first?.cues.first)
        // The underlined row starts with an indent PAC's underline bit: no mid-row code, no space.
        #expect(back.plainText == "Plain italic and green\nunder")
        var looks: [String: String] = [:]
        func walk(_ nodes: [InlineNode], _ look: String) {
            for node in nodes {
                switch node {
                case .text(let t): for word in t.split(separator: " ") { looks[String(word)] = look }
                case .span(let span):
                    let name: String
                    switch span.kind {
                    case .italic: name = "italic"
                    case .underline: name = "underline"
                    default: name = span.style.color == Color(red: 0, green: 255, blue: 0) ? "green" : "other"
                    }
                    walk(span.children, name)
                default: break
                }
            }
        }
        walk(back.content, "plain")
        #expect(looks == ["Plain": "plain", "italic": "italic", "and": "plain", "green": "green", "under": "underline"])
    }

    /// The 608 reader's layouts come back to the same row and column; cues placed by WebVTT
    /// settings go to the nearest row.
    @Test func rowsAndColumnsAreKept() throws {
        var top = Cue(start: MediaTime(seconds: 2), end: MediaTime(seconds: 3), content: [.text("top left")])
        top.layout = CEA608CueBuilder.layout(topRow: 2, column: 4)
        var webVTT = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 6), content: [.text("line zero")])
        webVTT.layout = CueLayout(line: .number(0))
        let written = SCCWriter().write([top, webVTT])
        let cues = try #require(SCCReader().read(SourceText(bytes: written.value)).value.tracks.first?.cues)
        #expect(cues[0].layout == CEA608CueBuilder.layout(topRow: 2, column: 4))
        #expect(written.diagnostics.filter { $0.code == .layoutApproximated }.count == 1, "only the WebVTT cue moves")
        #expect(cues[1].layout.line == .fraction(Fraction(2, 19)), "line 0 is the top row")
    }

    /// What the writer leaves out is said once per kind, with the count and the first cue.
    @Test func whatTheWriterLeavesOutIsReported() {
        let italic = InlineNode.span(InlineSpan(.italic, children: [.text("quiet")]))
        let voice = InlineNode.span(InlineSpan(.voice("Ann"), children: [.text("Hi")]))
        var first = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [italic, .text(" ka"), .timestamp(MediaTime(milliseconds: 1500)), .text("ze")],
                        source: SourceLocation(line: 3, column: 1))
        first.layout = CueLayout(line: .number(0))
        let second = Cue(start: MediaTime(seconds: 3), end: MediaTime(seconds: 4), content: [voice], source: SourceLocation(line: 7, column: 1))
        let plain = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 6), content: [.text("plain")], source: SourceLocation(line: 9, column: 1))
        let reports = SCCWriter().write([first, second, plain]).diagnostics
        func report(_ code: DiagnosticCode, _ words: String) -> Diagnostic? {
            reports.first { $0.code == code && $0.message.contains(words) }
        }
        #expect(report(.timestampsDropped, "karaoke") != nil)
        #expect(report(.layoutApproximated, "nearest row")?.message.contains("(1 cue,") == true)
        #expect(report(.markupDropped, "speaker")?.location == SourceLocation(line: 7, column: 1))
        // A size in an inline style: 608 has one size.
        let big = InlineNode.span(InlineSpan(.styled, style: StyleProperties(fontSize: .em(Fraction(2))), children: [.text("big")]))
        let sized = SCCWriter().write([Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [big])]).diagnostics
        #expect(sized.contains { $0.code == .styleDropped && $0.message.contains("font-size") })
        // Plain text alone loses nothing.
        #expect(SCCWriter().write([plain]).diagnostics.isEmpty)
        // Looks 608 has only approximately: said once for all the cues, with their count.
        let orange = StyleProperties(color: Color(red: 255, green: 128, blue: 0), fontWeight: .bold)
        var warm: [Cue] = []
        for k: Int64 in 0..<3 {
            let span = InlineSpan(.styled, style: orange, children: [.text("warm \(k)")])
            warm.append(Cue(start: MediaTime(seconds: 2 * k + 2), end: MediaTime(seconds: 2 * k + 3), content: [.span(span)]))
        }
        let approximated = SCCWriter().write(warm).diagnostics.filter { $0.code == .sccApproximatedStyle }
        #expect(approximated.count == 2 && approximated.allSatisfy { $0.message.contains("(3 cues") })
    }

    /// SRT → SCC → read: every caption's text and times come back (within a frame), except where
    /// the writer says it had to change something. (Pop-on only: the fallbacks split a caption
    /// into its rows, which `fallsBackToPaintOnOrRollUp` checks.)
    @Test func srtToSCCKeepsTextAndTimes() throws {
        let srt = SubRipReader().read(Fixtures.bytes("demo/demo.en.srt")).value
        let written = SCCWriter(options: .init(fallback: .late)).write(srt)
        let read = SCCReader().read(SourceText(bytes: written.value))
        let cues = try #require(read.value.tracks.first?.cues)
        let original = srt.tracks[0].cues
        // An italic row that does not start at column 0 starts with a mid-row code, which 608
        // shows as a space: the text read back has it.
        func withoutLeadingSpaces(_ text: String) -> String {
            text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.drop { $0 == " " }) }.joined(separator: "\n")
        }
        #expect(cues.map { withoutLeadingSpaces($0.plainText) } == original.map(\.plainText))
        let late = Set(written.diagnostics.filter { $0.code == .sccLateCaption }.compactMap(\.location))
        for (before, after) in zip(original, cues) {
            if let location = before.source, late.contains(location) { continue }
            #expect(near(before.start, after.start) && near(before.end, after.end), "\(before.start) → \(after.start)")
        }
    }

    /// A special character is a control-code pair, sent twice as control codes are: sent once,
    /// the second of two alike was the first's redundant copy to a decoder (`®®®` read back as
    /// `®`). Short captions and closed gaps are said (found by the conversion fuzzer).
    @Test func repeatedSpecialCharactersAndShortCaptionsSurvive() throws {
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 3), content: [.text("®®® ♪♪ a®")])
        let written = SCCWriter().write([cue])
        let read = SCCReader().read(SourceText(bytes: written.value))
        #expect(read.value.tracks.first?.cues.map(\.plainText) == ["®®® ♪♪ a®"])
        #expect(String(decoding: written.value, as: UTF8.self).contains("91b0 91b0 91b0 91b0 91b0 91b0 2080 9137 9137 9137 9137 2061 91b0 91b0"))
        // A caption ending before it starts is erased once its pairs are sent, and said; a gap of
        // two frames before the next is closed, and said.
        let backwards = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 2), content: [.text("Backwards")])
        #expect(SCCWriter().write([backwards]).diagnostics.contains { $0.code == .sccLateCaption && $0.message.contains("erased") })
        let first = Cue(start: MediaTime(seconds: 1), end: MediaTime(milliseconds: 2950), content: [.text("One")])
        let second = Cue(start: MediaTime(seconds: 3), end: MediaTime(seconds: 4), content: [.text("Two")])
        #expect(SCCWriter().write([first, second]).diagnostics.map(\.code) == [.sccGapClosed])
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

    /// A long line without Japanese wraps at 32 columns the same way whatever the track's language
    /// (the Japanese tailoring changes only where CJK characters are), and exactly where it did
    /// before phrase-aware breaking: at the last space that fits.
    @Test func aLongLatinLineWrapsTheSameWithTheLanguage() throws {
        let long = "This line is much longer than thirty-two columns and has to wrap somewhere"
        let cues = [Cue(start: MediaTime(seconds: 2), end: MediaTime(seconds: 4), content: [.text(long)])]
        let plain = SCCWriter().write(cues).value
        for language in ["en", "ja", "zh-Hant"] {
            #expect(SCCWriter().write(cues, language: language).value == plain, "\(language)")
        }
        let rows = SCCReader().read(SourceText(bytes: plain)).value.tracks[0].cues[0].plainText
        #expect(rows == "This line is much longer than\nthirty-two columns and has to\nwrap somewhere")
    }

    /// Captions back to back with long loads, `late` fallback: a caption that cannot be loaded in
    /// time is shown late, and says so.
    @Test func tooLittleTimeToLoadIsReported() {
        let text = String(repeating: "word ", count: 12)
        var cues: [Cue] = []
        for k: Int64 in 0..<3 {
            let start = MediaTime(value: (30 + k * 10) * 1001, timescale: 30000)
            let end = MediaTime(value: (40 + k * 10) * 1001, timescale: 30000)
            cues.append(Cue(start: start, end: end, content: [.text(text)]))
        }
        let written = SCCWriter(options: .init(fallback: .late)).write(cues)
        #expect(written.diagnostics.contains { $0.code == .sccLateCaption })
        let read = SCCReader().read(SourceText(bytes: written.value)).value.tracks[0].cues
        #expect(read.count == 3)
        let expected = text.trimmingCharacters(in: .whitespaces)
        for cue in read { #expect(cue.plainText.replacingOccurrences(of: "\n", with: " ") == expected) }
    }

    /// Each caption loads while the one before it shows: caption 3 has fewer rows than caption 1,
    /// whose rows are still in non-displayed memory after the swap; ENM clears them first.
    @Test func loadingErasesTheMemoryItReuses() throws {
        let cues = [
            Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 3), content: [.text("line one"), .lineBreak, .text("line two")]),
            Cue(start: MediaTime(seconds: 3), end: MediaTime(seconds: 5), content: [.text("single")]),
            Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 7), content: [.text("third")]),
        ]
        let read = SCCReader().read(SourceText(bytes: SCCWriter().write(cues).value)).value.tracks[0].cues
        #expect(read.map(\.plainText) == ["line one\nline two", "single", "third"])
    }

    /// Two-row captions 12 frames apart cannot be loaded pop-on. Paint-on and roll-up start each
    /// caption on time (the first one, which has the frames before it) and build it row by row:
    /// one cue per row state, the last holding the whole caption; each fallback is reported.
    @Test(arguments: [SCCWriter.Options.Fallback.paintOn, .rollUp])
    func fallsBackToPaintOnOrRollUp(_ fallback: SCCWriter.Options.Fallback) throws {
        let rows = ["Caption has two rows", "of rather long text"]
        let cues = (0..<3).map { (k: Int64) in
            Cue(start: SCCTimecode.time(ofFrame: 30 + 12 * k), end: SCCTimecode.time(ofFrame: 42 + 12 * k),
                content: [.text(rows[0]), .lineBreak, .text(rows[1])])
        }
        let written = SCCWriter(options: .init(fallback: fallback)).write(cues)
        let code: DiagnosticCode = fallback == .paintOn ? .sccFallbackPaintOn : .sccFallbackRollUp
        #expect(written.diagnostics.filter { $0.code == code }.count == 3)
        let read = SCCReader().read(SourceText(bytes: written.value)).value.tracks[0].cues
        #expect(read.map(\.plainText) == Array(repeating: [rows[0], rows.joined(separator: "\n")], count: 3).flatMap { $0 })
        #expect(near(read[0].start, cues[0].start), "the first caption starts on time")
        let mode = fallback == .paintOn ? "paint-on" : "roll-up-2"
        let file = SCCReader().readFile(SourceText(bytes: written.value)).value
        #expect(file.cueValues[0].allSatisfy { $0.mode.description == mode })
    }

    /// Drop-frame labels skip 00 and 01 at each minute except every tenth; the times are the same.
    @Test func dropFrameTimecodes() throws {
        #expect(SCCTimecode(frameNumber: 1799, dropFrame: true).description == "00:00:59;29")
        #expect(SCCTimecode(frameNumber: 1800, dropFrame: true).description == "00:01:00;02")
        #expect(SCCTimecode(frameNumber: 17_982, dropFrame: true).description == "00:10:00;00")
        #expect(SCCTimecode(frameNumber: 107_892, dropFrame: true).description == "01:00:00;00")
        for frame: Int64 in [0, 1, 1799, 1800, 3597, 3598, 17_981, 17_982, 123_456, 2_589_407] {
            #expect(SCCTimecode(frameNumber: frame, dropFrame: true).frameNumber == frame)
            #expect(SCCTimecode(frameNumber: frame, dropFrame: false).frameNumber == frame)
        }
        let cues = [Cue(start: MediaTime(seconds: 3600), end: MediaTime(seconds: 3602), content: [.text("an hour in")])]
        let written = SCCWriter(options: .init(dropFrame: true)).write(cues)
        let text = String(decoding: written.value, as: UTF8.self)
        #expect(text.contains("00:59:59;"), "\(text)")
        let read = SCCReader().read(SourceText(bytes: written.value)).value.tracks[0].cues
        #expect(read.count == 1 && near(read[0].start, cues[0].start) && near(read[0].end, cues[0].end))
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
