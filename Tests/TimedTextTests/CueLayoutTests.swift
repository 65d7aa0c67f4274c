import Testing
import TimedText

/// Cue settings said in the terms of formats with fewer: SRT's nine positions, and TTML box
/// regions as WebVTT cue settings.
@Suite struct CueLayoutTests {
    static func layout(line: Fraction?, _ lineAlignment: CueLayout.LineAlignment = .start, position: Fraction? = nil,
                       _ positionAlignment: CueLayout.PositionAlignment = .auto, size: Fraction = .one,
                       text: CueLayout.TextAlignment = .center) -> CueLayout {
        var layout = CueLayout()
        if let line { layout.line = .fraction(line) }
        layout.lineAlignment = lineAlignment
        layout.position = position
        layout.positionAlignment = positionAlignment
        layout.size = size
        layout.textAlignment = text
        return layout
    }

    /// Every numpad position is its own nearest; others go to the third their text is in.
    @Test func nearestNumpad() {
        for n in 1...9 { #expect(CueLayout(numpad: n).nearestNumpad == n) }
        #expect(Self.layout(line: Fraction(5, 100), position: Fraction(5, 100), .lineLeft, size: Fraction(2, 5), text: .left).nearestNumpad == 7)
        #expect(Self.layout(line: Fraction(5, 100), position: Fraction(95, 100), .lineRight, size: Fraction(2, 5), text: .right).nearestNumpad == 9)
        #expect(Self.layout(line: Fraction(95, 100), .end, position: Fraction(1, 2), .center, size: Fraction(4, 5)).nearestNumpad == 2)
        #expect(Self.layout(line: Fraction(1, 2), .center).nearestNumpad == 5)
        // A full-width box with its text at the left: the text is at the left.
        #expect(Self.layout(line: nil, text: .left).nearestNumpad == 1)
        var numbered = CueLayout()
        numbered.line = .number(0)
        #expect(numbered.nearestNumpad == 8)
    }

    /// A TTML region's cue: size the region's width, position by the text's alignment, line at
    /// the edge its display alignment names.
    @Test func placedInABoxRegion() {
        var region = Region(id: "r")
        region.origin = Point(x: Fraction(1, 10), y: Fraction(3, 4))
        region.extent = Point(x: Fraction(4, 5), y: Fraction(1, 5))
        region.displayAlignment = .after
        var cue = CueLayout()
        cue.regionID = "r"
        cue.textAlignment = .center
        let placed = cue.placed(in: region)
        #expect(placed.regionID == nil && placed.size == Fraction(4, 5))
        #expect(placed.position == Fraction(1, 2) && placed.positionAlignment == .center)
        #expect(placed.line == .fraction(Fraction(19, 20)) && placed.lineAlignment == .end)
        // Vertical: Japanese captions at the right (tbrl), text from the box's top.
        var right = Region(id: "right")
        right.origin = Point(x: Fraction(4, 5), y: Fraction(1, 10))
        right.extent = Point(x: Fraction(3, 20), y: Fraction(4, 5))
        right.writingDirection = .verticalRightToLeft
        cue.textAlignment = .start
        let column = cue.placed(in: right)
        #expect(column.writingDirection == .verticalRightToLeft)
        #expect(column.line == .fraction(Fraction(19, 20)) && column.lineAlignment == .end, "before is the right edge for rl")
        #expect(column.position == Fraction(1, 10) && column.positionAlignment == .lineLeft && column.size == Fraction(4, 5))
        right.writingDirection = .verticalLeftToRight
        #expect(cue.placed(in: right).line == .fraction(Fraction(4, 5)) && cue.placed(in: right).lineAlignment == .start)
        #expect(cue.placed(in: Region(id: "webvtt")) == cue, "a region that is not a box is left as it is")
    }
}
