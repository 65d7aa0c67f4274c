import Testing
import TimedText
import ClosedCaptionData
import CEA708

/// Documents written as a 708 service and decoded again: the text, frame-exact times, pens and
/// places come back; what does not fit is said.
@Suite struct CEA708WriterTests {
    private func frames(_ seconds: Double) -> MediaTime { MediaTime(value: Int64((seconds * 30000 / 1001).rounded()) * 1001, timescale: 30000) }

    private func roundTrip(_ cues: [Cue]) -> (captions: [CEA708Caption], diagnostics: [Diagnostic]) {
        let document = Document(format: "test", tracks: [Track(cues: cues)])
        let written = CEA708Writer().framePictures(document)
        var decoder = CEA708Decoder()
        for picture in written.value {
            decoder.feed(picture.triplets, at: MediaTime(value: picture.frame * 1001, timescale: 30000))
        }
        decoder.finish()
        return (decoder.captions(service: 1) ?? [], written.diagnostics)
    }

    @Test func captionsComeBackWithTheirTextAndFrames() {
        let cues = [Cue(start: frames(2), end: frames(4), content: [.text("FIRST LINE"), .lineBreak, .text("SECOND")]),
                    Cue(start: frames(5), end: frames(7), content: [.text("NEXT")])]
        let (captions, diagnostics) = roundTrip(cues)
        #expect(captions.map(\.text) == ["FIRST LINE\nSECOND", "NEXT"])
        #expect(captions.map(\.start) == [frames(2), frames(5)])
        #expect(captions.map(\.end) == [frames(4), frames(7)])
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func overlappingCuesUseWindowsOfTheirOwn() {
        let cues = [Cue(start: frames(2), end: frames(6), content: [.text("LONG")]),
                    Cue(start: frames(3), end: frames(4), content: [.text("SHORT")])]
        let (captions, _) = roundTrip(cues)
        #expect(Set(captions.map(\.window.definition.id)) == [0, 1])
        #expect(captions.first { $0.text == "LONG" }?.end == frames(6))
    }

    @Test func spansBecomePens() {
        let red = StyleProperties(color: Color(red: 250, green: 10, blue: 0))
        let cue = Cue(start: frames(2), end: frames(3), content: [.span(InlineSpan(.italic, children: [.text("SLANT")])), .text(" "),
                                                                 .span(InlineSpan(.styled, style: red, children: [.text("RED")]))])
        let (captions, _) = roundTrip([cue])
        let cells = captions.first?.window.rows.first ?? []
        #expect(cells.first??.pen.attributes.italics == true)
        #expect(cells[6]?.pen.color.foreground == CEA708Color(red: 3, green: 0, blue: 0))
    }

    @Test func aCaptionAtTheStartIsLateAndSaysSo() {
        let cue = Cue(start: .zero, end: frames(2), content: [.text(String(repeating: "WORDS ", count: 7))])
        let (captions, diagnostics) = roundTrip([cue])
        #expect(captions.first.map { $0.start > .zero } == true)
        #expect(diagnostics.contains { $0.code == .cea708LateCaption })
    }

    @Test func aNinthCaptionAtOnceIsNotWrittenAndSaysSo() {
        let cues = (0..<9).map { k in Cue(start: frames(2), end: frames(8), content: [.text("C\(k)")]) }
        let (captions, diagnostics) = roundTrip(cues)
        #expect(captions.count == 8)
        #expect(diagnostics.contains { $0.code == .cea708TooManyWindows })
    }

    @Test func aTopCueIsAnchoredAtTheTop() {
        var cue = Cue(start: frames(2), end: frames(3), content: [.text("UP")])
        cue.layout = CueLayout(line: .fraction(Fraction(1, 10)), lineAlignment: .start)
        let (captions, _) = roundTrip([cue])
        let box = CEA708CueBuilder().box(of: captions[0].window)
        #expect(box.y.doubleValue < 0.15)
    }
}
