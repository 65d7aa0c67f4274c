import Testing
import TestSupport
@testable import SubRip
import TextScanning
import TimedText

@Suite struct SubRipWriterTests {
    static let fixtures = Fixtures.list("srt").filter { $0.hasSuffix(".srt") }

    /// Read → write → read gives the same cues (ids aside: the writer numbers cues from 1).
    @Test(arguments: fixtures)
    func roundTrip(_ fixture: String) {
        let first = SubRipReader().read(Fixtures.bytes("srt/\(fixture)")).value
        let written = SubRipWriter().write(first).value
        let second = SubRipReader().read(written)
        #expect(!second.hasErrors, "\(second.diagnostics)")
        func normalised(_ d: Document) -> [Cue] {
            d.withoutSourceLocations.tracks[0].cues.map { var c = $0; c.id = nil; return c }
        }
        #expect(normalised(second.value) == normalised(first))
        // And writing again is byte-identical.
        #expect(SubRipWriter().write(second.value).value == written)
    }

    @Test func writesCleanSRT() {
        var positioned = Cue(start: MediaTime(milliseconds: 3_723_041), end: MediaTime(value: 1001, timescale: 30000) + MediaTime(seconds: 3724),
                             content: [.text("Top & <left>")])
        positioned.layout = SubRipAlignment.layout(numpad: 7)
        let styled = Cue(start: .zero, end: MediaTime(seconds: 1), content: [
            .span(InlineSpan(.styled, style: StyleProperties(color: Color(red: 255, green: 255, blue: 0)), children: [
                .span(InlineSpan(.italic, children: [.text("yellow")]))])),
            .lineBreak,
            .ruby(Ruby(segments: [RubySegment(base: [.text("漢字")], annotation: [.text("かんじ")])])),
        ])
        let text = String(decoding: SubRipWriter().write([styled, positioned]).value, as: UTF8.self)
        #expect(text == """
            1
            00:00:00,000 --> 00:00:01,000
            <font color="#ffff00"><i>yellow</i></font>
            漢字(かんじ)

            2
            01:02:03,041 --> 01:02:04,033
            {\\an7}Top & &lt;left>

            """)
    }

    @Test func crlfOption() {
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text("a"), .lineBreak, .text("b")])
        let bytes = SubRipWriter(options: .init(crlf: true)).write([cue, cue]).value
        #expect(String(decoding: bytes, as: UTF8.self) == "1\r\n00:00:00,000 --> 00:00:01,000\r\na\r\nb\r\n\r\n2\r\n00:00:00,000 --> 00:00:01,000\r\na\r\nb\r\n")
    }

    @Test func emptyLinesCannotBreakTheFile() {
        let cue = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 6), content: [.text("a"), .lineBreak, .lineBreak, .text("b")])
        let text = String(decoding: SubRipWriter().write([cue]).value, as: UTF8.self)
        #expect(text == "1\n00:00:05,000 --> 00:00:06,000\na\nb\n")
        // A line of spaces is a blank line to SRT readers too (found by the conversion fuzzer:
        // the text after one was read as a cue without timing, and skipped).
        let spaced = Cue(start: MediaTime(seconds: 5), end: MediaTime(seconds: 6),
                         content: [.text("  a"), .lineBreak, .text("  "), .lineBreak, .text("\t"), .lineBreak, .text("2"), .lineBreak, .text("b ")])
        let spacedText = String(decoding: SubRipWriter().write([spaced]).value, as: UTF8.self)
        #expect(spacedText == "1\n00:00:05,000 --> 00:00:06,000\n  a\n2\nb \n")
    }

    /// A text line holding `-->` is a timing line to every SRT reader: its `>` is written as a
    /// reference, and the cue reads back whole (found by the conversion fuzzer, from TTML).
    @Test func anArrowInTextCannotBecomeATimingLine() {
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("2 00:00:03,000 --> 00:00:04,000 -> ok")])
        let written = SubRipWriter().write([cue]).value
        #expect(String(decoding: written, as: UTF8.self) == "1\n00:00:01,000 --> 00:00:02,000\n2 00:00:03,000 --&gt; 00:00:04,000 -> ok\n")
        let back = SubRipReader().read(written)
        #expect(back.diagnostics.isEmpty)
        #expect(back.value.tracks[0].cues.map(\.plainText) == ["2 00:00:03,000 --> 00:00:04,000 -> ok"])
        // A `-->` split across spans, and two times around a damaged arrow (which the reader takes
        // for a timing line, and after a line `5` for a cue of its own).
        let split = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [
            .text("a --"), .span(InlineSpan(.italic, children: [.text("> b")])), .lineBreak,
            .text("5"), .lineBreak, .text("00:00:05,000 -> 00:00:05,500"),
        ])
        let splitWritten = SubRipWriter().write([split]).value
        #expect(String(decoding: splitWritten, as: UTF8.self).hasSuffix("\n5\n&#48;0:00:05,000 -> 00:00:05,500\n"))
        let splitBack = SubRipReader().read(splitWritten)
        #expect(splitBack.diagnostics.isEmpty, "\(splitBack.diagnostics)")
        #expect(splitBack.value.tracks[0].cues.map(\.plainText) == ["a --> b\n5\n00:00:05,000 -> 00:00:05,500"])
    }

    /// Text the reader would take for markup of another kind: a MicroDVD control code (`{y:i}`)
    /// and SSA's escapes (`\N`, `\h`) are written as references, and read back as text.
    @Test func microDVDCodesAndSSAEscapesInTextStayText() {
        let cue = Cue(start: MediaTime(seconds: 1), end: MediaTime(seconds: 2), content: [.text("{y:i}not italic, C:\\New\\house")])
        let written = SubRipWriter().write([cue]).value
        #expect(String(decoding: written, as: UTF8.self).hasSuffix("\n&#123;y:i}not italic, C:&#92;New&#92;house\n"))
        let back = SubRipReader().read(written)
        #expect(back.diagnostics.isEmpty, "\(back.diagnostics)")
        #expect(back.value.tracks[0].cues.map(\.plainText) == ["{y:i}not italic, C:\\New\\house"])
    }

    /// An open end is given the track's end, else a hold; a given end wins; each is reported.
    @Test func openEndsAreClosedAndReported() {
        let open = Cue(id: "live", start: MediaTime(seconds: 2), end: nil, content: [.text("open")])
        let later = Cue(start: MediaTime(seconds: 3), end: MediaTime(seconds: 9), content: [.text("later")])
        let last = Cue(start: MediaTime(seconds: 10), end: nil, content: [.text("last")])
        let result = SubRipWriter().write([open, later, last])
        #expect(String(decoding: result.value, as: UTF8.self)
                == "1\n00:00:02,000 --> 00:00:10,000\nopen\n\n2\n00:00:03,000 --> 00:00:09,000\nlater\n\n3\n00:00:10,000 --> 00:00:15,000\nlast\n")
        #expect(result.diagnostics.map(\.code) == [.openEnd, .openEnd])
        #expect(result.diagnostics[0].message.contains("cue 'live'") && result.diagnostics[0].message.contains("the end of the track"))
        #expect(result.diagnostics[1].message.contains("5.0 s after its start"))
        let given = SubRipWriter(options: .init(openEnds: OpenEndPolicy(end: MediaTime(seconds: 60)))).write([open, later, last])
        #expect(String(decoding: given.value, as: UTF8.self).contains("00:00:10,000 --> 00:01:00,000"))
        #expect(SubRipWriter().write([later]).diagnostics.isEmpty)
    }

    @Test func tracksAfterTheFirstAreReported() {
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [.text("a")])
        let document = Document(format: "scc", tracks: [Track(id: "CC1", cues: [cue]), Track(id: "CC3", language: LanguageTag(wellFormed: "es"), cues: [cue, cue])])
        let result = SubRipWriter().write(document)
        #expect(result.diagnostics.map(\.code) == [.trackNotWritten])
        #expect(result.diagnostics[0].message.hasPrefix("track CC3 (2 cues, es) is not written"))
    }
}
