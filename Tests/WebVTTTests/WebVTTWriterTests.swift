import Testing
import TestSupport
import SubRip
import TextScanning
import TimedText
@testable import WebVTT

@Suite struct WebVTTWriterTests {
    @Test func writesSignatureTimingsSettingsAndEscapes() {
        var top = Cue(id: "intro", start: MediaTime(milliseconds: 1500), end: MediaTime(seconds: 4), content: [.text("Tom & Jerry <3 -->")])
        top.layout = SubRipAlignment.layout(numpad: 9)
        let voiced = Cue(id: "bad-->id", start: MediaTime(seconds: 3600), end: MediaTime(value: 36001, timescale: 10), content: [
            .span(InlineSpan(.voice("Mary <the> cat"), classes: ["loud"], children: [.text("Hi")])),
            .timestamp(MediaTime(value: 36005, timescale: 10)),
            .span(InlineSpan(.language("ja"), children: [.ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")])]))])),
            .lineBreak,
            .span(InlineSpan(.styled, style: StyleProperties(fontStyle: .italic), children: [.text("styled")])),
        ])
        let text = String(decoding: WebVTTWriter().write(Track(cues: [top, voiced])).value, as: UTF8.self)
        #expect(text == """
            WEBVTT

            intro
            00:00:01.500 --> 00:00:04.000 line:0% position:100%,line-right align:right
            Tom &amp; Jerry &lt;3 --&gt;

            01:00:00.000 --> 01:00:00.100
            <v.loud Mary &lt;the&gt; cat>Hi</v><01:00:00.500><lang ja><ruby>漢<rt>かん</rt></ruby></lang>
            <i>styled</i>

            """)
    }

    @Test func convertsSRTFixtures() {
        let srt = SubRipReader().read(Fixtures.bytes("srt/tags.srt")).value
        let vtt = String(decoding: WebVTTWriter().write(srt).value, as: UTF8.self)
        // `<font>` colours and faces become generated classes with their rules; a colour alone
        // that is one of WebVTT's default classes (W3C WebVTT §7.2.1) needs no rule.
        #expect(vtt.hasPrefix("""
            WEBVTT

            STYLE
            ::cue(.legible-s1) { color: #ffff00; font-family: Arial; font-size: 28px; }

            1
            00:00:01.000 --> 00:00:02.000
            <i>italic <b>bold-italic</b></i> <u>under</u>

            2
            00:00:03.000 --> 00:00:04.000
            <c.legible-s1>yellow</c> <c.red>red</c>

            """))
        #expect(vtt.contains("\n<i>never closed\nacross lines</i>\n"))
        #expect(vtt.contains("unknown a &lt; b &lt;3"))
    }
}

@Suite struct WebVTTRoundTripTests {
    /// Read → write → read gives the same model: regions, settings, ids, voices, classes, ruby,
    /// languages, timestamps and escaped text.
    @Test func readWriteReadKeepsTheModel() throws {
        let first = WebVTTReader().read(Fixtures.bytes("webvtt/features.vtt"))
        #expect(first.diagnostics.isEmpty)
        let written = WebVTTWriter().write(first.value).value
        let second = WebVTTReader().read(written)
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        var expected = first.value.withoutSourceLocations
        // The header's text is not part of the model; the language is written back only as data.
        expected.tracks[0].language = nil
        var got = second.value.withoutSourceLocations
        got.tracks[0].language = nil
        #expect(got == expected, "\(String(decoding: written, as: UTF8.self))")
        #expect(first.value.tracks[0].regions.count == 2 && first.value.tracks[0].cues.count == 5)
    }

    /// Any document converts: every SRT fixture written as WebVTT reads back with the same times
    /// and text.
    @Test func everySRTFixtureConverts() {
        for name in Fixtures.list("srt") where name.hasSuffix(".srt") {
            let srt = SubRipReader().read(Fixtures.bytes("srt/" + name)).value
            guard let track = srt.tracks.first else { continue }
            let vtt = WebVTTReader().read(WebVTTWriter().write(srt).value)
            let cues = vtt.value.tracks.first?.cues ?? []
            let wrongBlocks = vtt.diagnostics.filter { $0.code == .webVTTStrayBlock || $0.code == .webVTTBadTiming }
            #expect(wrongBlocks.isEmpty, "\(name): \(wrongBlocks)")
            #expect(cues.map(\.plainText) == track.cues.map(\.plainText), "\(name)")
            #expect(cues.map(\.start) == track.cues.map { MediaTime(milliseconds: $0.start.rounded(toTimescale: 1000)) }, "\(name)")
        }
    }
}

@Suite struct WebVTTStyleRoundTripTests {
    /// `::cue` rules cascaded onto cues, spans, ruby and ruby text, written back as rules that
    /// cascade the same styles onto the same nodes.
    @Test func stylesSurviveReadWriteRead() throws {
        let first = WebVTTReader().read(Fixtures.bytes("webvtt/styles.vtt"))
        #expect(first.diagnostics.isEmpty, "\(first.diagnostics)")
        let cues = try #require(first.value.tracks.first?.cues)
        #expect(cues[0].style.fontFamilies == ["Noto Sans", "sans-serif"])
        #expect(cues[0].style.outline != nil && cues[1].style.outline == nil)
        guard case .span(let bill) = cues[0].content[0], case .span(let ann) = cues[1].content[0] else {
            Issue.record("voice spans expected")
            return
        }
        #expect(bill.style.fontWeight == .bold && ann.style.fontWeight == nil)
        let result = WebVTTWriter().write(first.value)
        let written = result.value
        let second = WebVTTReader().read(written)
        #expect(second.diagnostics.isEmpty, "\(second.diagnostics)")
        // `::cue { color: white; background-color: rgba(0, 0, 0, 0.8) }` is what browsers draw
        // anyway: left out, and said; `::cue(.yellow)` is WebVTT's default class, read back as yellow.
        #expect(result.diagnostics.map(\.message) == [
            "3 cues' styles state what WebVTT draws by default (color: white, background: 80% black); left to the defaults, which need no STYLE block (the first here)",
        ])
        let text = String(decoding: written, as: UTF8.self)
        #expect(!text.contains(".yellow)") && !text.contains("color: #ffffff"))
        var expected = first.value.withoutSourceLocations
        for i in expected.tracks[0].cues.indices {
            expected.tracks[0].cues[i].style.color = nil
            expected.tracks[0].cues[i].style.backgroundColor = nil
        }
        var got = second.value.withoutSourceLocations
        expected.tracks[0].language = nil
        got.tracks[0].language = nil
        #expect(got == expected, "\(text)")
    }
}

@Suite struct WebVTTWriterArrowTests {
    /// `-->` ends a cue or a STYLE block wherever it appears, so names that could form it are
    /// written so that they cannot.
    @Test func namesEndingInDashesCannotFormAnArrow() throws {
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [
            .span(InlineSpan(.voice("Bob--"), children: [.text("a")])),
            .span(InlineSpan(.class, classes: ["x--"], children: [.text("b")])),
            .span(InlineSpan(.styled, style: StyleProperties(fontFamilies: ["odd-->family"]), children: [.text("c")])),
        ])
        let written = WebVTTWriter().write(Track(cues: [cue])).value
        let text = String(decoding: written, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains("-->") }.count == 1, "only the timing line: \(text)")
        let read = WebVTTReader().read(written)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
        let back = try #require(read.value.tracks.first?.cues.first)
        #expect(back.plainText == "abc")
        guard case .span(let voice) = back.content[0], case .span(let cls) = back.content[1], case .span(let styled) = back.content[2] else {
            Issue.record("spans expected")
            return
        }
        #expect(voice.kind == .voice("Bob--") && cls.classes == ["x--"])
        #expect(styled.style.fontFamilies == ["odd-->family"])
    }
}

@Suite struct WebVTTStylePlanTests {
    /// `::cue(c.a)` would also style `<c.a.b>`: when that adds a property `c.a.b` does not have,
    /// the rule is not written and the `c.a` spans get a generated class instead.
    @Test func aRuleThatWouldReachOtherNodesIsNotWritten() throws {
        let red = StyleProperties(color: Color(red: 255, green: 0, blue: 0))
        let bold = StyleProperties(fontWeight: .bold)
        let cue = Cue(start: .zero, end: MediaTime(seconds: 1), content: [
            .span(InlineSpan(.class, classes: ["a"], style: red, children: [.text("red")])),
            .span(InlineSpan(.class, classes: ["a", "b"], style: bold, children: [.text("bold")])),
        ])
        let written = WebVTTWriter().write(Track(cues: [cue])).value
        let read = try #require(WebVTTReader().read(written).value.tracks.first?.cues.first)
        guard case .span(let first) = read.content[0], case .span(let second) = read.content[1] else {
            Issue.record("spans expected")
            return
        }
        #expect(first.style == red, "\(String(decoding: written, as: UTF8.self))")
        #expect(second.style == bold, "the red rule must not reach c.a.b: \(String(decoding: written, as: UTF8.self))")
    }
}
