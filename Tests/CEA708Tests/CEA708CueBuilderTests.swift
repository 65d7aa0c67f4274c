import Testing
import TimedText
import CEA708

/// Window states into model cues: the window's box on the frame, its region, the pens as spans.
@Suite struct CEA708CueBuilderTests {
    private func caption(_ commands: [CEA708Command]) -> CEA708Caption {
        var s = CEA708Stream()
        s.send(commands, at: 1)
        s.decoder.finish()
        return s.decoder.captions(service: 1)!.last!
    }

    @Test func aBottomCentreWindowSitsOnTheSafeAreasBottomEdge() {
        // Anchor point 7 (bottom centre) at the grid's last row and middle column (16:9).
        let c = caption([.define(0, visible: true, rows: 2, columns: 32, anchorPoint: 7, vertical: 74, horizontal: 104)] + .text("HI"))
        let box = CEA708CueBuilder(aspectRatio: .wide).box(of: c.window)
        let (x, y, width, height) = (box.x.doubleValue, box.y.doubleValue, box.width.doubleValue, box.height.doubleValue)
        #expect(abs(height - 2 * 0.8 / 15) < 1e-9)
        #expect(abs(y + height - 0.9) < 1e-9)
        #expect(abs(width - 32.0 / 42 * 0.8) < 1e-9)
        let centre: Double = 0.1 + 0.8 * 104 / 209
        #expect(abs(x + width / 2 - centre) < 1e-9)
    }

    @Test func relativeAnchorsArePercentagesAndFourThreeHasFewerColumns() {
        let c = caption([.defineWindow(CEA708WindowDefinition(id: 0, visible: true, relativePositioning: true, anchorVertical: 0,
                                                              anchorHorizontal: 0, anchorPoint: 0, rowCount: 1, columnCount: 16))] + .text("X"))
        let box = CEA708CueBuilder(aspectRatio: .standard).box(of: c.window)
        #expect(box.x == Fraction(1, 10) && box.y == Fraction(1, 10))
        #expect(box.width == Fraction(2, 5))  // 16 of 32 columns of the 80%
    }

    @Test func aWindowThatWouldLeaveTheFrameIsMovedBackIn() {
        let c = caption([.define(0, visible: true, rows: 4, columns: 42, anchorPoint: 0, vertical: 74, horizontal: 209)] + .text("X"))
        let box = CEA708CueBuilder().box(of: c.window)
        #expect(box.x.doubleValue + box.width.doubleValue <= 1 + 1e-9)
        #expect(box.y.doubleValue + box.height.doubleValue <= 1 + 1e-9)
    }

    @Test func theCueNamesItsWindowsRegionWithItsFill() {
        var builder = CEA708CueBuilder()
        let c = caption([.define(2, visible: true, rows: 3, windowStyle: 2), .setPenLocation(row: 2, column: 0)] + .text("LAST ROW"))
        let cue = builder.cue(for: c)
        #expect(cue.plainText == "LAST ROW")
        #expect(cue.layout.regionID == "s1-w2")
        let region = builder.regions.first
        #expect(region?.style.backgroundColor?.alpha == 0)  // style 2: no fill
        // The two rows above the text are the region's padding: the text stays on row 2.
        #expect(region?.padding?.top == Fraction(8, 75))
    }

    @Test func pensBecomeSpans() {
        var builder = CEA708CueBuilder()
        let red = CEA708PenColor(foreground: CEA708Color(red: 3, green: 0, blue: 0), background: .black, edge: .black)
        let c = caption([.define(0, visible: true)] + .text("A ")
                        + [.setPenColor(red), .setPenAttributes(CEA708PenAttributes(fontStyle: 2, italics: true, edge: .uniform))]
                        + .text("RED"))
        let cue = builder.cue(for: c)
        #expect(cue.plainText == "A RED")
        guard case .span(let span)? = cue.content.last else {
            Issue.record("no span: \(cue.content)")
            return
        }
        #expect(span.style.color == Color(red: 255, green: 0, blue: 0))
        #expect(span.style.fontStyle == .italic)
        #expect(span.style.fontFamilies == ["proportional-serif"])
        #expect(span.style.outline != nil)
    }

    @Test func flashingTextTurnsOnAndOffEveryHalfSecond() {
        var s = CEA708Stream()
        let flashing = CEA708PenColor(foreground: CEA708Color(red: 3, green: 3, blue: 3, opacity: .flash))
        s.send([.define(0, visible: true), .setPenColor(flashing)] + .text("ALERT"), at: 1)
        s.send([.hideWindows(0x01)], at: 3)
        s.decoder.finish()
        var builder = CEA708CueBuilder()
        let cues = builder.cues(for: s.decoder.captions(service: 1)![0])
        #expect(cues.count == 4)
        #expect(cues.map { $0.start.approximateSeconds } == [1, 1.5, 2, 2.5])
        func alpha(_ cue: Cue) -> UInt8? {
            guard case .span(let span)? = cue.content.first else { return nil }
            return span.style.color?.alpha ?? 255
        }
        #expect(cues.map(alpha) == [255, 0, 255, 0])
    }

    @Test func aFadingWindowFadesInAndOut() {
        var s = CEA708Stream()
        let fade = CEA708WindowAttributes(displayEffect: .fade, effectSpeed: 2)  // a second
        s.send([.define(0, visible: false), .setWindowAttributes(fade)] + .text("SOFT"), at: 1)
        s.send([.displayWindows(0x01)], at: 2)
        s.send([.hideWindows(0x01)], at: 5)
        s.decoder.finish()
        let caption = s.decoder.captions(service: 1)![0]
        #expect(caption.appeared && caption.disappeared)
        var builder = CEA708CueBuilder()
        let cues = builder.cues(for: caption)
        #expect(cues.map { $0.start.approximateSeconds } == [2, 2.25, 2.5, 2.75, 3, 5, 5.25, 5.5, 5.75])
        #expect(cues.last?.end?.approximateSeconds == 6)
        let opacities = cues.map { cue in builder.regions.first { $0.id == cue.layout.regionID }?.style.opacity }
        #expect(opacities == [Fraction(1, 5), Fraction(2, 5), Fraction(3, 5), Fraction(4, 5), nil,
                              Fraction(4, 5), Fraction(3, 5), Fraction(2, 5), Fraction(1, 5)])
    }

    @Test func centredWindowsAlignTheirRowsAndDropLeadingBlanks() {
        var builder = CEA708CueBuilder()
        let c = caption([.define(0, visible: true, windowStyle: 3), .setPenLocation(row: 0, column: 5)] + .text("MID"))
        let cue = builder.cue(for: c)
        #expect(cue.plainText == "MID")
        #expect(cue.layout.textAlignment == .center)
    }

    @Test func openEndedFlashingIsCountedAsAnApproximationAndBordersAreKept() {
        var builder = CEA708CueBuilder()
        let flashing = CEA708PenColor(foreground: CEA708Color(red: 3, green: 3, blue: 3, opacity: .flash))
        let c = caption([.define(0, visible: true), .setWindowAttributes(CEA708WindowAttributes(border: .raised)), .setPenColor(flashing)] + .text("X"))
        _ = builder.cue(for: c)
        #expect(builder.approximations.keys.sorted() == ["flashing colours in a caption without an end (drawn solid)"])
        #expect(builder.regions.first?.style.outline?.style == .outset)
    }
}
