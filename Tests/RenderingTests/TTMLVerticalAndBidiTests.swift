import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// Bidirectional and Japanese text in TTML regions, by geometry: a paragraph's stated direction
/// decides where `start` is, emphasis marks are drawn beside the characters, tate-chū-yoko fits
/// in one em, and vertical columns are a line height apart.
@Suite(.serialized) struct TTMLVerticalAndBidiTests {
    typealias Layout = TTMLRegionLayoutTests

    static func paragraph(_ text: String, _ style: StyleProperties) -> InlineNode {
        .span(InlineSpan(.styled, style: style, children: [.text(text)], isParagraph: true))
    }

    static func bounds(_ content: [InlineNode], _ region: Region) throws -> (x: Int, y: Int, width: Int, height: Int) {
        try #require(try Layout.frame([Layout.cue(content)], regions: [region]).inkBounds(alphaAbove: 16))
    }

    static let tall = Layout.region(overflow: .visible, writing: .verticalRightToLeft, extent: Point(x: Fraction(1, 2), y: Fraction(4, 5)), style: .none)

    /// A paragraph's background in a vertical region is a block behind its columns, down the
    /// whole content box (as it is across the content box in horizontal text).
    @Test func aParagraphsBackgroundIsABlockBehindItsColumns() throws {
        let red = StyleProperties(backgroundColor: Layout.red)
        let frame = try Layout.frame([Layout.cue([Self.paragraph("縦書き", red)])], regions: [Self.tall])
        // The tall region: x 128…768, y 72…648; rl columns start at the right edge.
        #expect(frame.pixel(x: 760, y: 640) == (255, 0, 0, 255), "the block reaches the content box's bottom")
        #expect(frame.pixel(x: 760, y: 74) == (255, 0, 0, 255), "and its top")
        #expect(frame.pixel(x: 140, y: 400).a == 0, "not past its columns")
    }

    @Test func aRightToLeftParagraphStartsAtTheRight() throws {
        // Region x 128…768: start is the left edge for ltr, the right edge for rtl.
        let ltr = try Self.bounds([Self.paragraph("abc", StyleProperties(direction: .ltr))], Layout.region(style: .none))
        #expect(ltr.x < 140, "\(ltr)")
        let rtl = try Self.bounds([Self.paragraph("abc", StyleProperties(direction: .rtl, unicodeBidi: .bidiOverride))], Layout.region(style: .none))
        #expect(rtl.x + rtl.width > 756 && rtl.x > 500, "\(rtl)")
    }

    @Test func anOverrideReversesTheLettersWithoutMovingTheLine() throws {
        // The same letters drawn in either order fill the same box.
        let region = Layout.region(style: .none)
        let plain = try Self.bounds([Self.paragraph("abcdef", StyleProperties(direction: .ltr))], region)
        let reversed = try Self.bounds([Self.paragraph("abcdef", StyleProperties(direction: .ltr, unicodeBidi: .bidiOverride))], region)
        #expect(plain.y == reversed.y && abs(plain.height - reversed.height) <= 1, "the controls do not deepen the line: \(plain) \(reversed)")
    }

    @Test func emphasisMarksAreDrawnOverHorizontalText() throws {
        let region = Layout.region(style: .none)
        let plain = try Self.bounds([Self.paragraph("花花", .none)], region)
        let marked = try Self.bounds([Self.paragraph("花花", StyleProperties(textEmphasis: .init(style: .shape(.circle, filled: true), position: .before)))], region)
        #expect(marked.y < plain.y - 3, "marks above the characters: \(plain) \(marked)")
        #expect(abs((marked.y + marked.height) - (plain.y + plain.height)) <= 1, "the characters stay where they were: \(plain) \(marked)")
        let under = try Self.bounds([Self.paragraph("花花", StyleProperties(textEmphasis: .init(style: .auto, position: .after)))], region)
        #expect(under.y + under.height > plain.y + plain.height + 3, "marks under the characters: \(plain) \(under)")
    }

    @Test func emphasisMarksGoOnTheBlockStartSideOfAColumn() throws {
        let plain = try Self.bounds([Self.paragraph("花花", .none)], Self.tall)
        let marked = try Self.bounds([Self.paragraph("花花", StyleProperties(textEmphasis: .init(style: .auto, position: .before)))], Self.tall)
        // tbrl: the block starts at the right.
        #expect(marked.x + marked.width > plain.x + plain.width + 3, "\(plain) \(marked)")
        var leftToRight = Self.tall
        leftToRight.writingDirection = .verticalLeftToRight
        let lr = try Self.bounds([Self.paragraph("花花", .none)], leftToRight)
        let lrMarked = try Self.bounds([Self.paragraph("花花", StyleProperties(textEmphasis: .init(style: .auto, position: .before)))], leftToRight)
        #expect(lrMarked.x < lr.x - 3, "tblr: the block starts at the left: \(lr) \(lrMarked)")
    }

    @Test func combinedTextTakesOneEmOfAColumn() throws {
        let sideways = try Self.bounds([Self.paragraph("1998", .none)], Self.tall)
        let combined = try Self.bounds([Self.paragraph("1998", StyleProperties(textCombine: .all))], Self.tall)
        // A 48 px font: four digits sideways are about 2.4 em long; combined, within one em.
        #expect(sideways.height > 90, "\(sideways)")
        #expect(combined.height <= 48 && combined.width <= 50, "\(combined)")
    }

    @Test func adjacentCombinedSpansAreCombinedEachOnItsOwn() throws {
        func combined(_ text: String) -> InlineNode { .span(InlineSpan(.styled, style: StyleProperties(textCombine: .all), children: [.text(text)])) }
        let p = InlineNode.span(InlineSpan(.styled, style: .none, children: [combined("12"), combined("34")], isParagraph: true))
        let box = try Self.bounds([p], Self.tall)
        // Two characters' space down the column (each pair in one em), not one.
        #expect(box.height > 60 && box.height <= 96, "\(box)")
    }

    @Test func aSuperscriptIsSmallerAndRaised() throws {
        let region = Layout.region(style: .none)
        let plain = try Self.bounds([Self.paragraph("x", .none)], region)
        let raised = try Self.bounds([Self.paragraph("x", StyleProperties(fontVariantPosition: .superscripted))], region)
        #expect(raised.height < plain.height, "\(plain) \(raised)")
        #expect(raised.y + raised.height < plain.y + plain.height - 8, "its foot above the baseline: \(plain) \(raised)")
    }

    @Test func columnsStandOneLineHeightApart() throws {
        let content: [InlineNode] = [.text("花"), .lineBreak, .text("花")]
        let box = try Self.bounds(content, Self.tall)
        // Two columns of a 48 px font: the ink of both spans one line height plus one glyph.
        let one = try Self.bounds([.text("花")], Self.tall)
        let pitch = box.width - one.width
        #expect(pitch >= 48 && pitch <= 75, "one line height (the font's normal line spacing): \(pitch)")
    }

    @Test func aShearedParagraphLeansAsOneBlock() throws {
        // Two lines of the same text: sheared, the upper moves right of the lower.
        let region = Layout.region(overflow: .visible, extent: Point(x: Fraction(1, 2), y: Fraction(1, 2)), style: .none)
        func lineEdges(_ shear: Fraction?) throws -> (top: Int, bottom: Int) {
            let p = InlineNode.span(InlineSpan(.styled, style: StyleProperties(shear: shear), children: [.text("HHHH"), .lineBreak, .text("HHHH")], isParagraph: true))
            let frame = try Layout.frame([Layout.cue([p])], regions: [region])
            let all = try #require(frame.inkBounds(alphaAbove: 16))
            func left(_ rows: Range<Int>) -> Int {
                var best = Int.max
                for y in rows { for x in 0..<Layout.width where frame.pixel(x: x, y: y).a > 16 { best = min(best, x); break } }
                return best
            }
            // The topmost and bottommost rows of ink: the upper line's top, the lower line's foot.
            return (left(all.y..<(all.y + 3)), left((all.y + all.height - 3)..<(all.y + all.height)))
        }
        let straight = try lineEdges(nil)
        #expect(abs(straight.top - straight.bottom) <= 2, "\(straight)")
        let leaning = try lineEdges(Fraction(1, 4))
        #expect(leaning.top > leaning.bottom + 20, "the glyphs' slant and the lines' shift: \(leaning)")
    }
}
