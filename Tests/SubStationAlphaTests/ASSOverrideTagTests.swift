import Testing
import SubStationAlpha
import TextScanning
import TimedText

/// Override tags read into the model where it has a place for them.
@Suite struct ASSOverrideTagTests {
    @Test func togglesBecomeSpans() {
        #expect(content(ofText: "a {\\i1}b{\\i0} c") == [.text("a "), .span(InlineSpan(.italic, children: [.text("b")])), .text(" c")])
        #expect(content(ofText: "{\\b1}bold") == [.span(InlineSpan(.bold, children: [.text("bold")]))])
        #expect(content(ofText: "{\\b700}heavy{\\b400}light") == [.span(InlineSpan(.bold, children: [.text("heavy")])), .text("light")])
        #expect(content(ofText: "{\\u1}under") == [.span(InlineSpan(.underline, children: [.text("under")]))])
        #expect(content(ofText: "{\\s1}struck") == [.span(InlineSpan(.styled, style: StyleProperties(textDecoration: .lineThrough), children: [.text("struck")]))])
        // `\i` without a value returns to the style's.
        #expect(content(ofText: "{\\i1}x{\\i}y") == [.span(InlineSpan(.italic, children: [.text("x")])), .text("y")])
    }

    @Test func coloursAlphaFontsAndSizes() {
        let red = Color(red: 255, green: 0, blue: 0)
        #expect(content(ofText: "{\\c&H0000FF&}red{\\c}white") == [.span(InlineSpan(.styled, style: StyleProperties(color: red), children: [.text("red")])), .text("white")])
        #expect(content(ofText: "{\\1c&HFF0000&\\1a&H80&}x") == [.span(InlineSpan(.styled, style: StyleProperties(color: Color(red: 0, green: 0, blue: 255, alpha: 127)), children: [.text("x")]))])
        #expect(content(ofText: "{\\fnDejaVu Serif}serif") == [.span(InlineSpan(.styled, style: StyleProperties(fontFamilies: ["DejaVu Serif"]), children: [.text("serif")]))])
        // \fs is in canvas pixels: 72 of 720 is a tenth of the frame's height.
        #expect(content(ofText: "{\\fs72}big") == [.span(InlineSpan(.styled, style: StyleProperties(fontSize: .viewportHeight(Fraction(1, 10))), children: [.text("big")]))])
    }

    @Test func escapesAndLineBreaks() {
        #expect(content(ofText: "one\\Ntwo") == [.text("one"), .lineBreak, .text("two")])
        #expect(content(ofText: "soft\\nspace") == [.text("soft space")])
        #expect(content(ofText: "no\\hbreak") == [.text("no\u{A0}break")])
        #expect(content(ofText: "back\\slash") == [.text("back\\slash")])
        // With WrapStyle 2, \n breaks too.
        let wrapped = readScript(script(events: ["Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,a\\nb"], info: "WrapStyle: 2\nPlayResX: 1280\nPlayResY: 720\n"))
        #expect(wrapped.value.document.tracks[0].cues[0].content == [.text("a"), .lineBreak, .text("b")])
        #expect(wrapped.value.script.info.wrapStyle == 2)
    }

    @Test func alignmentAndPosition() {
        func layout(_ text: String) -> CueLayout {
            readScript(script(events: ["Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,\(text)"])).value.document.tracks[0].cues[0].layout
        }
        #expect(layout("{\\an8}top").line == .fraction(.zero))
        #expect(layout("{\\an8}top") == layout("{\\a6}top"))
        // The first \an wins, as in libass.
        #expect(layout("{\\an9}x{\\an1}") == layout("{\\an9}x"))
        let placed = layout("{\\an7\\pos(320,180)}x")
        #expect(placed.position == Fraction(1, 4) && placed.line == .fraction(Fraction(1, 4)))
        #expect(placed.lineAlignment == .start && placed.computedPositionAlignment() == .lineLeft && placed.textAlignment == .left)
        let centred = layout("{\\pos(640,360)}x")
        #expect(centred.position == Fraction(1, 2) && centred.lineAlignment == .end && centred.computedPositionAlignment() == .center)
        // \move places the cue where it starts.
        let moving = layout("{\\move(128,72,1000,700)}x")
        #expect(moving.position == Fraction(1, 10) && moving.line == .fraction(Fraction(1, 10)))
    }

    @Test func karaokeBecomesTimestamps() {
        let file = readFixture("ass/karaoke.ass").value
        let cue = file.document.tracks[0].cues[0]
        #expect(cue.content == [
            .text("ka"), .timestamp(centiseconds(1050)), .text("ze "), .timestamp(centiseconds(1080)), .text("no "),
            .timestamp(centiseconds(1150)), .text("u"), .timestamp(centiseconds(1200)), .text("ta"),
        ])
        #expect(file.script.features.uses[.karaokeEffect]?.count == 1)
        #expect(file.script.features.uses[.karaokeEffect]?.first == SourceLocation(line: 13, column: 51))
    }

    @Test func drawingsClipsAndAnimationAreCountedNotShown() {
        let file = readFixture("ass/move_and_drawing.ass").value
        let cues = file.document.tracks[0].cues
        #expect(cues.map(\.plainText) == ["Sliding across", "Spinning", "Half clipped", ""])
        let uses = file.script.features.uses
        #expect(uses[.animation]?.count == 2)
        #expect(uses[.animation]?.first == SourceLocation(line: 12, column: 56))
        #expect(uses[.drawing]?.count == 1)
        #expect(uses[.clip]?.count == 1)
        #expect(uses[.transform] == nil)
        // Every event: its style has an outline and a shadow (counted once an event with a \bord).
        #expect(uses[.outline]?.count == 4)
        #expect(uses[.layer]?.count == 1 && uses[.effect]?.count == 1)
        // The event text keeps every tag.
        #expect(file.script.events[3].text == "{\\an7\\pos(50,50)\\p1\\c&H00FFFF&}m 0 0 l 100 0 100 100 0 100{\\p0}")
    }

    @Test func resetReturnsToTheStyleOrANamedOne() {
        #expect(content(ofText: "{\\i1\\b1}x{\\r}y") == [.span(InlineSpan(.italic, children: [.span(InlineSpan(.bold, children: [.text("x")]))])), .text("y")])
    }

    @Test func commentsInBracesAreNotShown() {
        let result = readScript(script(events: ["Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{a note}shown{}"]))
        #expect(result.value.document.tracks[0].cues[0].content == [.text("shown")])
        #expect(codes(result.diagnostics) == ["ass.comment-in-text"])
    }
}
