import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// TTML region layout (TTML2 §9.3, §10.2; IMSC 1.1 as imscJS draws it), checked by geometry on a
/// 1280×720 frame: where a region's background box, a paragraph's block, clipped text, stacked
/// lines and sideways Latin text in a vertical region land, in pixels.
@Suite(.serialized) struct TTMLRegionLayoutTests {
    static let width = 1280, height = 720
    static let fonts = FontSet()
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let red = Color(red: 255, green: 0, blue: 0)

    /// A region at (10%, 10%), 50% × 20% of the frame: x 128…768, y 72…216.
    static func region(_ id: String = "r", showBackground: Region.ShowBackground = .always, overflow: Region.Overflow = .hidden,
                       writing: CueLayout.WritingDirection = .horizontal, extent: Point = Point(x: Fraction(1, 2), y: Fraction(1, 5)),
                       style: StyleProperties = StyleProperties(backgroundColor: blue)) -> Region {
        Region(id: id, origin: Point(x: Fraction(1, 10), y: Fraction(1, 10)), extent: extent, style: style,
               writingDirection: writing, showBackground: showBackground, overflow: overflow)
    }

    static func cue(_ content: [InlineNode], in region: String = "r", from start: Int = 0, style: StyleProperties = .none) -> Cue {
        var cue = Cue(start: MediaTime(seconds: Int64(start)), end: MediaTime(seconds: 10), content: content,
                      layout: CueLayout(textAlignment: .start, regionID: region))
        cue.style = style
        return cue
    }

    static func renderer(_ cues: [Cue], regions: [Region]) throws -> CaptionRenderer {
        try CaptionRenderer(track: Track(cues: cues, regions: regions), family: .ttmlRegions, width: width, height: height, fonts: fonts)
    }

    static func frame(_ cues: [Cue], regions: [Region], at seconds: Int64 = 1) throws -> Bitmap {
        var frame = Bitmap(width: width, height: height)
        try renderer(cues, regions: regions).overlay(at: MediaTime(seconds: seconds))?.draw(onto: &frame)
        return frame
    }

    @Test func anEmptyRegionShowsItsBackgroundWhenShowBackgroundIsAlways() throws {
        // The only cue begins at 5 s: at 1 s nothing is in the region, and none has been yet.
        let frame = try Self.frame([Self.cue([.text("later")], from: 5)], regions: [Self.region()])
        #expect(frame.pixel(x: 130, y: 74) == (0, 0, 255, 255), "inside the box's top-left corner")
        #expect(frame.pixel(x: 765, y: 213) == (0, 0, 255, 255), "inside its bottom-right corner")
        #expect(frame.pixel(x: 125, y: 74).a == 0 && frame.pixel(x: 771, y: 213).a == 0 && frame.pixel(x: 400, y: 219).a == 0, "nothing outside")
        let box = try #require(frame.inkBounds())
        #expect(box.x == 128 && box.y == 72 && box.width == 640 && box.height == 144, "\(box)")
    }

    /// tts:zIndex (carried by the cues as `CueLayout.zIndex`): the higher region is drawn over the
    /// lower, whatever order their cues come in.
    @Test func regionsStackByZIndex() throws {
        var over = Self.cue([.text("over")], in: "over")
        over.layout.zIndex = 2
        let under = Self.cue([.text("under")], in: "under")
        let regions = [Self.region("over", style: StyleProperties(backgroundColor: Self.red)), Self.region("under")]
        #expect(try Self.frame([over, under], regions: regions).pixel(x: 760, y: 210) == (255, 0, 0, 255))
        // Without a stacking order, the later cue's region is on top.
        over.layout.zIndex = nil
        #expect(try Self.frame([over, under], regions: regions).pixel(x: 760, y: 210) == (0, 0, 255, 255))
    }

    @Test func anEmptyRegionShowsNothingWhenShowBackgroundIsWhenActive() throws {
        let region = Self.region(showBackground: .whenActive)
        #expect(try Self.frame([Self.cue([.text("later")], from: 5)], regions: [region]).inkBounds() == nil)
        // Once content is in it, the background is drawn.
        #expect(try Self.frame([Self.cue([.text("now")], from: 5)], regions: [region], at: 6).pixel(x: 130, y: 74) == (0, 0, 255, 255))
    }

    @Test func aRegionsOpacityMultipliesItsBackground() throws {
        let region = Self.region(style: StyleProperties(backgroundColor: Self.blue, opacity: Fraction(1, 2)))
        let alpha = try Self.frame([Self.cue([.text("x")])], regions: [region]).pixel(x: 130, y: 74).a
        #expect(abs(Int(alpha) - 128) <= 1, "\(alpha)")
    }

    @Test func aParagraphsBackgroundFillsTheContentWidthAndAnInlineSpansOnlyItsText() throws {
        let region = Self.region(style: .none)
        let paragraph = InlineNode.span(InlineSpan(.styled, style: StyleProperties(backgroundColor: Self.red), children: [.text("Hi")], isParagraph: true))
        let block = try Self.frame([Self.cue([paragraph])], regions: [region])
        let painted = try #require(block.inkBounds(alphaAbove: 16))
        // The first line's box, from the content's left edge to its right edge, whatever the text's width.
        #expect(painted.x == 128 && painted.width == 640 && painted.y == 72, "\(painted)")
        #expect(block.pixel(x: 760, y: 80) == (255, 0, 0, 255), "far right of the text, inside the block")
        #expect(painted.height >= 40 && painted.height <= 60, "one line high (a line of 1/15 of the frame, 48 px, as normal line height): \(painted)")

        let inline = InlineNode.span(InlineSpan(.styled, style: StyleProperties(backgroundColor: Self.red), children: [.text("Hi")]))
        let tight = try #require(try Self.frame([Self.cue([inline])], regions: [region]).inkBounds(alphaAbove: 16))
        #expect(tight.x == 128 && tight.width < 120, "an inline background covers its text only: \(tight)")
    }

    @Test func linesAreStackedByTheirLineHeight() throws {
        let region = Self.region(extent: Point(x: Fraction(1, 2), y: Fraction(1, 2)), style: .none)
        let style = StyleProperties(lineHeight: .length(.pixels(Fraction(100))))
        let renderer = try Self.renderer([Self.cue([.text("Hx"), .lineBreak, .text("Hx")], style: style)], regions: [region])
        let lines = renderer.scene(at: MediaTime(seconds: 1)).lines
        try #require(lines.count == 2)
        let tops: [Int] = lines.map { (line: RasterLine) -> Int in line.images.filter { $0.kind == RasterImage.Kind.fill }.map { $0.y }.min() ?? 0 }
        #expect(tops[1] - tops[0] == 100, "\(tops)")
        // displayAlign before: the first line box starts at the region's top, its glyphs centred in it.
        #expect(tops[0] > 72 && tops[0] < 72 + 50, "\(tops)")
    }

    @Test func overflowHiddenClipsTextThatDoesNotWrap() throws {
        let long = [InlineNode.text("a line that is much longer than the region is wide, and does not wrap")]
        let noWrap = StyleProperties(textWrap: .noWrap)
        let clipped = try #require(try Self.frame([Self.cue(long, style: noWrap)], regions: [Self.region(style: .none)]).inkBounds(alphaAbove: 16))
        #expect(clipped.x >= 128 && clipped.x + clipped.width <= 768, "inside the region: \(clipped)")
        #expect(clipped.height < 60, "one line, not wrapped: \(clipped)")
        let spilled = try #require(try Self.frame([Self.cue(long, style: noWrap)], regions: [Self.region(overflow: .visible, style: .none)]).inkBounds(alphaAbove: 16))
        #expect(spilled.x + spilled.width > 900, "past the region's right edge: \(spilled)")
        let wrapped = try #require(try Self.frame([Self.cue(long)], regions: [Self.region(overflow: .visible, style: .none)]).inkBounds(alphaAbove: 16))
        #expect(wrapped.x + wrapped.width <= 768 && wrapped.height > 60, "wrapped inside the region: \(wrapped)")
    }

    @Test func latinTextInAVerticalRegionIsTurnedSideways() throws {
        let text: [InlineNode] = [.text("sideways")]
        let flat = try #require(try Self.frame([Self.cue(text)], regions: [Self.region(style: .none)]).inkBounds(alphaAbove: 16))
        let tall = Self.region(overflow: .visible, writing: .verticalRightToLeft, extent: Point(x: Fraction(1, 2), y: Fraction(4, 5)), style: .none)
        let turned = try #require(try Self.frame([Self.cue(text)], regions: [tall]).inkBounds(alphaAbove: 16))
        // Turned 90°: the column is as long as the line was wide, and as wide as the line was high.
        #expect(abs(turned.height - flat.width) <= 3, "flat \(flat), turned \(turned)")
        #expect(abs(turned.width - flat.height) <= 3, "flat \(flat), turned \(turned)")
        // tbrl: the first column is at the region's right edge (768).
        #expect(turned.x + turned.width <= 768 && turned.x + turned.width > 768 - 70, "\(turned)")
    }

    @Test func aRegionsOpacityAlsoFadesItsText() throws {
        // TTML2 §10.2.31: the region's opacity applies to all that its content draws.
        func fillAlphas(_ opacity: Fraction?) throws -> [UInt8] {
            let region = Self.region(style: StyleProperties(opacity: opacity))
            let scene = try Self.renderer([Self.cue([.text("HHHH")], style: StyleProperties(color: .white))], regions: [region])
                .scene(at: MediaTime(seconds: 1))
            return scene.lines.flatMap(\.images).filter { $0.kind == .fill }.map(\.color.a)
        }
        let faded = try fillAlphas(Fraction(1, 4))
        #expect(!faded.isEmpty && faded.allSatisfy { abs(Int($0) - 64) <= 1 }, "\(faded)")
        let opaque = try fillAlphas(nil)
        #expect(!opaque.isEmpty && opaque.allSatisfy { $0 == 255 }, "\(opaque)")
    }

    @Test func aRegionsStyleChangesAreDrawnAtTheirTimesWithOrWithoutACue() throws {
        // Transparent by its opacity except from 2 s to 4 s, when it is half opaque; the only cue
        // begins at 8 s, so the timeline has no change before then.
        var region = Self.region(style: StyleProperties(backgroundColor: Self.blue, opacity: .zero))
        region.styleChanges = [Region.StyleChange(begin: MediaTime(seconds: 2), end: MediaTime(seconds: 4),
                                                  style: StyleProperties(backgroundColor: Self.blue, opacity: Fraction(1, 2)))]
        let renderer = try Self.renderer([Self.cue([.text("later")], from: 8)], regions: [region])
        func alpha(at time: MediaTime) -> UInt8 {
            var frame = Bitmap(width: Self.width, height: Self.height)
            renderer.overlay(at: time)?.draw(onto: &frame)
            return frame.pixel(x: 130, y: 74).a
        }
        #expect(alpha(at: MediaTime(seconds: 1)) == 0)
        #expect(abs(Int(alpha(at: MediaTime(seconds: 3))) - 128) <= 1)
        #expect(abs(Int(alpha(at: MediaTime(milliseconds: 3999))) - 128) <= 1, "the same picture, from the cache")
        #expect(alpha(at: MediaTime(seconds: 5)) == 0, "back to the region's own style at 4 s")
        #expect(renderer.regionChangeTimes == [MediaTime(seconds: 2), MediaTime(seconds: 4)])
        #expect(renderer.nextChange(after: MediaTime(seconds: 1)) == MediaTime(seconds: 2))
        #expect(renderer.nextChange(after: MediaTime(seconds: 4)) == MediaTime(seconds: 8), "then the cue")
        #expect(renderer.pictureKey(at: MediaTime(seconds: 1)) != renderer.pictureKey(at: MediaTime(seconds: 3)))
        #expect(renderer.pictureKey(at: MediaTime(seconds: 3)) == renderer.pictureKey(at: MediaTime(milliseconds: 3500)))
        #expect(renderer.pictureKey(at: MediaTime(seconds: 1)) != renderer.pictureKey(at: MediaTime(seconds: 5)))
    }
}
