import Testing
import Legible
import TestSupport

/// Issue 36: an SRT whose cues overlap in time, converted to TTML and back, came back with more
/// cues than it had, because the TTML reader cut cues where the ISDs change. Each paragraph is now
/// one cue where that shows the same, and it does draw the same.
@Suite(.serialized) struct TTMLParagraphCueTests {
    static let srt = """
        1
        00:00:01,000 --> 00:00:04,000
        First line

        2
        00:00:02,000 --> 00:00:05,000
        Second overlaps

        3
        00:00:02,500 --> 00:00:03,500
        <i>Third</i> on top of both

        4
        00:00:06,000 --> 00:00:07,000
        Fourth alone

        """

    /// Each cue as "id start-end: text".
    static func summary(_ cues: [Cue]) -> [String] {
        cues.map { "\($0.id ?? "-") \($0.start.secondsText)-\($0.end?.secondsText ?? "open"): \($0.plainText)" }
    }

    @Test func overlappingSubRipCuesSurviveTheTripThroughTTML() throws {
        let source = try CaptionFile(bytes: Array(Self.srt.utf8), fileName: "overlap.srt")
        let ttmlBytes = try #require(source.written(as: .ttml)).value
        let ttml = try CaptionFile(bytes: ttmlBytes, fileName: "overlap.ttml")
        #expect(!ttml.diagnostics.contains { $0.code == .ttmlParagraphsRecut })
        // Each paragraph is a cue with its times and its xml:id (the SRT index with a `c`).
        #expect(Self.summary(ttml.document.tracks[0].cues) == [
            "c1 1.0-4.0: First line",
            "c2 2.0-5.0: Second overlaps",
            "c3 2.5-3.5: Third on top of both",
            "c4 6.0-7.0: Fourth alone",
        ])
        let written = try #require(ttml.written(as: .subRip))
        // Nothing an SRT player would draw differently was lost (the TTML states white text, one
        // cell high, in a bottom region within the title-safe area): so nothing is said.
        #expect(written.diagnostics.isEmpty, "\(written.diagnostics.map(\.message))")
        let srtBytes = written.value
        let back = try CaptionFile(bytes: srtBytes, fileName: "back.srt")
        let before = source.document.tracks[0].cues, after = back.document.tracks[0].cues
        #expect(after.count == before.count)
        #expect(Self.summary(after) == Self.summary(before))
        #expect(after.map(\.content) == before.map(\.content), "the italics too")
    }

    /// The same document read both ways: one cue per paragraph, and the ISDs' cuts (one cue per
    /// region holding every paragraph shown). Drawn, they are the same picture at every moment:
    /// lines stacked in document order from the region's displayAlign side, the paragraphs'
    /// backgrounds, and the div's block behind the paragraphs it holds.
    @Test func oneCuePerParagraphDrawsWhatTheISDsDraw() throws {
        let bytes = Fixtures.bytes("ttml/overlapping_paragraphs.ttml")
        let paragraphs = try CaptionFile(bytes: bytes, fileName: "overlapping_paragraphs.ttml")
        var options = CaptionFile.Options()
        options.formats[TTMLReader.Options.self].keepsParagraphs = false
        let isds = try CaptionFile(bytes: bytes, fileName: "overlapping_paragraphs.ttml", options: options)
        #expect(paragraphs.document.tracks[0].cues.count == 10)
        #expect(isds.document.tracks[0].cues.count == 14)
        let a = try Self.renderer(paragraphs.document.tracks[0]), b = try Self.renderer(isds.document.tracks[0])
        for tenths in [5, 15, 25, 35, 45, 65, 85, 95, 105, 115, 125, 145, 165] {
            let t = MediaTime(value: Int64(tenths), timescale: 10)
            let frame = Self.frame(a, at: t)
            #expect(frame == Self.frame(b, at: t), "at \(t.secondsText) s")
            #expect(a.scene(at: t).lines.count == b.scene(at: t).lines.count, "at \(t.secondsText) s")
            if tenths > 5 { #expect(frame.inkBounds() != nil, "something is drawn at \(t.secondsText) s") }
        }
    }

    /// A paragraph's own textAlign: the cue of a region that holds several paragraphs is aligned
    /// as its first is, but each paragraph that is a cue of its own is aligned as it says.
    @Test func eachParagraphKeepsItsOwnAlignment() throws {
        let document = """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
            <head><layout><region xml:id="r" tts:origin="10% 50%" tts:extent="80% 40%" tts:displayAlign="after"/></layout></head>
            <body><div region="r">
            <p begin="1s" end="3s" tts:textAlign="left">Left</p>
            <p begin="2s" end="4s" tts:textAlign="right">Right</p>
            </div></body></tt>
            """
        let file = try CaptionFile(bytes: Array(document.utf8), fileName: "align.ttml")
        let renderer = try Self.renderer(file.document.tracks[0])
        let lines = renderer.scene(at: MediaTime(value: 25, timescale: 10)).lines
        try #require(lines.count == 2)
        let region = (left: 128, right: 1152)  // 10% and 90% of 1280
        let first = lines[0].images.map(\.x).min() ?? 0
        let second = lines[1].images.map { $0.x + $0.width }.max() ?? 0
        #expect(abs(first - region.left) < 12, "the first line starts at the region's left: \(first)")
        #expect(abs(second - region.right) < 12, "the second ends at its right: \(second)")
    }

    static func renderer(_ track: Track) throws -> CaptionRenderer {
        try CaptionRenderer(track: track, family: .ttmlRegions, width: 1280, height: 720, fonts: FontSet(cjk: false))
    }

    static func frame(_ renderer: CaptionRenderer, at time: MediaTime) -> Bitmap {
        var frame = Bitmap(width: renderer.width, height: renderer.height)
        renderer.overlay(at: time)?.draw(onto: &frame)
        return frame
    }
}
