import Testing
import TimedText
import TextScanning
@testable import TTML

/// What the reader gives the renderer for a region's place and a paragraph's block: TTML2
/// §10.2.35 `tts:position`, §10.2.32 `tts:overflow`, and a `p` marked as a paragraph.
@Suite struct TTMLRegionPlacementTests {
    private func track(regions: String, body: String) -> Track {
        let text = """
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" xml:lang="en">
            <head><layout>\(regions)</layout></head><body>\(body)</body></tt>
            """
        return TTMLReader().readFile(SourceDecoder.decode(Array(text.utf8)).value).value.document.tracks[0]
    }

    private func origin(_ position: String, extent: String = "60% 20%") -> Point? {
        let t = track(regions: #"<region xml:id="r" tts:extent="\#(extent)" tts:position="\#(position)"/>"#,
                      body: #"<div region="r"><p begin="0s" end="1s">x</p></div>"#)
        return t.regions.first { $0.id == "r" }?.origin
    }

    @Test func aPercentagePositionPutsThatPointOfTheBoxOnThatPointOfTheFrame() {
        // 60% × 20% centred: 20% of the width and 40% of the height are left on either side.
        #expect(origin("center") == Point(x: Fraction(1, 5), y: Fraction(2, 5)))
        #expect(origin("25% 25%") == Point(x: Fraction(1, 10), y: Fraction(1, 5)))
        #expect(origin("right bottom") == Point(x: Fraction(2, 5), y: Fraction(4, 5)))
        #expect(origin("left top") == Point(x: .zero, y: .zero))
    }

    @Test func edgeOffsetsCountFromTheNamedEdges() {
        // 25% from the right edge of the 40% left over, 10% of the height from the bottom.
        #expect(origin("right 25% bottom 10rh") == Point(x: Fraction(3, 10), y: Fraction(7, 10)))
        #expect(origin("left 10rw top 5rh") == Point(x: Fraction(1, 10), y: Fraction(1, 20)))
    }

    @Test func anOriginWinsOverAPosition() {
        let t = track(regions: #"<region xml:id="r" tts:origin="10% 10%" tts:extent="50% 50%" tts:position="center"/>"#,
                      body: #"<div region="r"><p begin="0s" end="1s">x</p></div>"#)
        #expect(t.regions.first?.origin == Point(x: Fraction(1, 10), y: Fraction(1, 10)))
    }

    @Test func regionsClipTheirContentUnlessOverflowIsVisible() {
        let t = track(regions: #"<region xml:id="a" tts:extent="50% 50%"/><region xml:id="b" tts:extent="50% 50%" tts:overflow="visible"/>"#,
                      body: #"<p region="a" begin="0s" end="1s">x</p><p region="b" begin="0s" end="1s">y</p>"#)
        #expect(t.regions.first { $0.id == "a" }?.overflow == .hidden)
        #expect(t.regions.first { $0.id == "b" }?.overflow == .visible)
    }

    @Test func aStyledParagraphIsMarkedAsOne() throws {
        let t = track(regions: #"<region xml:id="r" tts:extent="50% 50%"/>"#,
                      body: #"<div region="r"><p begin="0s" end="1s" tts:backgroundColor="red">one <span tts:color="yellow">two</span></p></div>"#)
        let cue = try #require(t.cues.first)
        guard case .span(let paragraph)? = cue.content.first else { Issue.record("no span: \(cue.content)"); return }
        #expect(paragraph.isParagraph)
        #expect(paragraph.style.backgroundColor == Color(red: 255, green: 0, blue: 0))
        let inner = paragraph.children.compactMap { node -> InlineSpan? in if case .span(let s) = node { s } else { nil } }
        #expect(inner.count == 1 && !inner[0].isParagraph)
    }
}
