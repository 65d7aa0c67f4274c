import Testing
import Legible

/// Every writer says what its format cannot carry: one test per writer and kind of loss.
@Suite struct WriterReportTests {
    static func cue(_ content: [InlineNode], layout: CueLayout = .default, style: StyleProperties = .none, end: Int64? = 2) -> Cue {
        Cue(start: MediaTime(seconds: 1), end: end.map { MediaTime(seconds: $0) }, content: content, layout: layout, style: style,
            source: SourceLocation(line: 3, column: 1))
    }

    static func codes(_ format: CaptionFormat, _ cues: [Cue], tracks extra: Int = 0) throws -> [DiagnosticCode] {
        let tracks = [Track(id: "CC1", cues: cues)] + (0..<extra).map { Track(id: "CC\($0 + 3)", cues: cues) }
        return try #require(format.write(Document(format: .webVTT, tracks: tracks))).diagnostics.map(\.code)
    }

    @Test func subRipSaysWhatItDrops() throws {
        let ruby = InlineNode.ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")])]))
        #expect(try Self.codes(.subRip, [Self.cue([ruby])]) == [.rubyAsText])
        #expect(try Self.codes(.subRip, [Self.cue([.span(InlineSpan(.voice("Fred"), children: [.text("hi")]))])]) == [.markupDropped])
        #expect(try Self.codes(.subRip, [Self.cue([.text("a"), .timestamp(MediaTime(milliseconds: 1500)), .text("b")])]) == [.timestampsDropped])
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], style: StyleProperties(color: Color(red: 255, green: 255, blue: 0)))]) == [.styleDropped])
        // White text on no background is what an SRT player draws anyway: nothing lost, nothing said.
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], style: StyleProperties(color: .white, backgroundColor: .transparent))]).isEmpty)
        let background = InlineSpan(.styled, style: StyleProperties(backgroundColor: .black), children: [.text("x")])
        #expect(try Self.codes(.subRip, [Self.cue([.span(background)])]) == [.styleDropped])
        var high = CueLayout.default
        high.line = .fraction(Fraction(3, 10))
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], layout: high)]) == [.layoutApproximated])
        // At the top of the title-safe area, a line is where {\an8} puts it on a player.
        high.line = .fraction(Fraction(1, 10))
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], layout: high)]).isEmpty)
        var inRegion = CueLayout.default
        inRegion.regionID = "r"
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], layout: inRegion)]) == [.layoutApproximated])
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], end: nil)]) == [.openEnd])
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")])], tracks: 1) == [.trackNotWritten])
        // An SRT position comes back exactly: nothing to say.
        #expect(try Self.codes(.subRip, [Self.cue([.text("x")], layout: SubRipAlignment.layout(numpad: 8))]).isEmpty)
    }

    @Test func webVTTSaysWhatItDrops() throws {
        var boxed = CueLayout.default
        boxed.box = Box(x: Fraction(1, 10), y: Fraction(8, 10), width: Fraction(8, 10), height: Fraction(1, 10))
        #expect(try Self.codes(.webVTT, [Self.cue([.text("x")], layout: boxed)]) == [.layoutApproximated])
        let cells = InlineSpan(.styled, style: StyleProperties(fontSize: .cells(Fraction(1))), children: [.text("x")])
        #expect(try Self.codes(.webVTT, [Self.cue([.span(cells)])]) == [.styleDropped])
        #expect(try Self.codes(.webVTT, [Self.cue([.text("x")], end: nil)]) == [.openEnd])
        #expect(try Self.codes(.webVTT, [Self.cue([.text("x")])], tracks: 2) == [.trackNotWritten, .trackNotWritten])
        // What WebVTT has, it writes without a word.
        let ruby = InlineNode.ruby(Ruby(segments: [RubySegment(base: [.text("漢")], annotation: [.text("かん")])]))
        #expect(try Self.codes(.webVTT, [Self.cue([ruby, .span(InlineSpan(.voice("Fred"), children: [.text("hi")]))])]).isEmpty)
    }

    @Test func webVTTRenamesARegionItsSyntaxCannotName() throws {
        var layout = CueLayout.default
        layout.regionID = "lower third"
        let track = Track(id: "1", cues: [Self.cue([.text("x")], layout: layout)],
                          regions: [Region(id: "lower third", width: Fraction(1, 2)), Region(id: "")])
        let result = try #require(CaptionFormat.webVTT.write(Document(format: .ttml, tracks: [track])))
        let text = String(decoding: result.value, as: UTF8.self)
        #expect(text.contains("id:lower_third") && text.contains("region:lower_third"))
        #expect(result.diagnostics.map(\.code) == [.layoutApproximated, .layoutApproximated])
    }

    @Test func sccSaysWhatItDrops() throws {
        #expect(try Self.codes(.scc, [Self.cue([.text("ONE")])], tracks: 1) == [.trackNotWritten])
        #expect(try Self.codes(.scc, [Self.cue([.text("☃")])]).contains(.sccUnrepresentableCharacter))
        let five = [InlineNode](repeating: .text("LINE"), count: 5).flatMap { [$0, .lineBreak] }.dropLast()
        #expect(try Self.codes(.scc, [Self.cue(Array(five))]).contains(.sccTooManyRows))
    }

    @Test func ttmlSaysWhatItDrops() throws {
        #expect(try Self.codes(.ttml, [Self.cue([.text("x")])], tracks: 1).contains(.trackNotWritten))
        #expect(try Self.codes(.ttml, [Self.cue([.text("a\u{1}b")])]).contains(.ttmlInvalidXMLCharacter))
    }
}
