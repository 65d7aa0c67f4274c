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
            .span(Span(.voice("Mary <the> cat"), classes: ["loud"], children: [.text("Hi")])),
            .timestamp(MediaTime(value: 36005, timescale: 10)),
            .span(Span(.language("ja"), children: [.ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")])]))])),
            .lineBreak,
            .span(Span(.styled, style: StyleProperties(fontStyle: .italic), children: [.text("styled")])),
        ])
        let text = String(decoding: WebVTTWriter().write([top, voiced]), as: UTF8.self)
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
        let vtt = String(decoding: WebVTTWriter().write(srt), as: UTF8.self)
        #expect(vtt.hasPrefix("WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\n<i>italic <b>bold-italic</b></i> <u>under</u>\n"))
        #expect(vtt.contains("\n<i>never closed\nacross lines</i>\n"))
        #expect(vtt.contains("unknown a &lt; b &lt;3"))
    }
}
