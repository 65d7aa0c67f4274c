import Testing
import TimedText
@testable import WebVTT

@Suite struct WebVTTCueTextParserTests {
    @Test func tagsBecomeTheModelsSpans() {
        let nodes = WebVTTCueTextParser.parse("<v.loud Mary Jane>Hi <i>there</i></v>\n<lang ja>漢字</lang><00:01.500>x")
        #expect(nodes == [
            .span(InlineSpan(.voice("Mary Jane"), classes: ["loud"], children: [
                .text("Hi "), .span(InlineSpan(.italic, children: [.text("there")])),
            ])),
            .lineBreak,
            .span(InlineSpan(.language("ja"), children: [.text("漢字")])),
            .timestamp(MediaTime(milliseconds: 1500)),
            .text("x"),
        ])
    }

    @Test func rubyBecomesSegments() {
        let nodes = WebVTTCueTextParser.parse("<ruby>漢<rt>かん</rt>字<rt.small>じ</rt></ruby>")
        #expect(nodes == [.ruby(Ruby(segments: [
            RubySegment(base: [.text("漢")], annotation: [.text("かん")]),
            RubySegment(base: [.text("字")], annotation: [.text("じ")], annotationClasses: ["small"]),
        ]))])
        #expect(Cue(start: .zero, end: nil, content: nodes).plainText == "漢字")
    }

    @Test func referencesAndUnknownTags() {
        #expect(WebVTTCueTextParser.parse("a &lt;b&gt; &amp &notit; &#x263A;") == [.text("a <b> & ¬it; ☺")])
        // An unknown tag is dropped; the DOM keeps the two text nodes it separated.
        #expect(WebVTTCueTextParser.parse("a<foo>b</foo>c") == [.text("a"), .text("b"), .text("c")])
        #expect(WebVTTCueTextParser.parse("<rt>outside ruby</rt>") == [.text("outside ruby")])
    }

    @Test func timestampsFollowTheSpec() {
        #expect(WebVTTTimestamp.parse("00:01.500") == MediaTime(milliseconds: 1500))
        #expect(WebVTTTimestamp.parse("100:00:00.000") == MediaTime(seconds: 360_000))
        #expect(WebVTTTimestamp.parse("1:00.000") == nil, "minutes need two digits")
        #expect(WebVTTTimestamp.parse("00:60.000") == nil)
        #expect(WebVTTTimestamp.parse("00:00.5") == nil)
        #expect(WebVTTTimestamp.parse("00:00.500x") == nil)
    }

    /// What the writer writes, the cue text parser reads back to the same tree.
    @Test func writerOutputReadsBack() {
        let content: [InlineNode] = [
            .span(InlineSpan(.voice("Ann <admin>"), classes: ["a", "b"], children: [.text("Tom & Jerry <3")])),
            .lineBreak,
            .ruby(Ruby(segments: [RubySegment(base: [.text("東")], annotation: [.text("とう")])])),
            .timestamp(MediaTime(milliseconds: 2250)),
            .span(InlineSpan(.bold, children: [.span(InlineSpan(.underline, children: [.text("x")]))])),
        ]
        let file = String(decoding: WebVTTWriter().write(Track(cues: [Cue(start: .zero, end: MediaTime(seconds: 3), content: content)])).value, as: UTF8.self)
        let cueText = file.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(3).joined(separator: "\n")
        #expect(WebVTTCueTextParser.parse(cueText.trimmingTrailingNewlines) == content)
    }
}

extension String {
    var trimmingTrailingNewlines: String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}
