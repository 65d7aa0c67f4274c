import Testing
import TimedText
import TextScanning
import CaptionStyling
@testable import Rendering

/// Structural checks: where the ink of each format's layout lands on a 1280×720 frame, with fonts
/// loaded from known files (`FontSet`). Exact pixels are left to the golden image test.
@Suite(.serialized) struct LayoutTests {
    static let width = 1280, height = 720
    static let fonts = FontSet()

    static func overlay(_ cues: [Cue], family: LayoutFamily = .cueBoxes, regions: [Region] = [],
                        appearance: CaptionAppearance = .default) throws -> Bitmap {
        let track = Track(cues: cues, regions: regions)
        let renderer = try CaptionRenderer(track: track, family: family, width: width, height: height, appearance: appearance, fonts: fonts)
        var frame = Bitmap(width: width, height: height)
        renderer.overlay(at: MediaTime(seconds: 1))?.draw(onto: &frame)
        return frame
    }

    static func cue(_ text: String, _ layout: CueLayout = .default) -> Cue {
        Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text(text)], layout: layout)
    }

    @Test func fontsComeFromKnownFiles() {
        #expect(Self.fonts.files.allSatisfy { $0.path.hasPrefix("/usr/share/fonts/") })
        #expect(Self.fonts.files.contains { $0.path == FontFile.dejaVuSansPath })
    }

    @Test func aDefaultCueSitsCentredAtTheBottom() throws {
        let ink = try #require(try Self.overlay([Self.cue("Hello, world")]).inkBounds(alphaAbove: 16))
        #expect(ink.y > Self.height * 3 / 4, "\(ink)")
        #expect(ink.y + ink.height <= Self.height && ink.y + ink.height > Self.height - Self.height / 20,
                "on the last line, with no title-safe margin by default: \(ink)")
        #expect(abs(ink.x + ink.width / 2 - Self.width / 2) < 8, "\(ink)")
    }

    @Test func lineZeroIsInTheTopBand() throws {
        let ink = try #require(try Self.overlay([Self.cue("At the top", CueLayout(line: .number(0)))]).inkBounds(alphaAbove: 16))
        #expect(ink.y + ink.height < Self.height / 5, "\(ink)")
    }

    @Test func positionTenPercentAlignStartIsOnTheLeft() throws {
        let layout = CueLayout(position: Fraction(1, 10), size: Fraction(1, 2), textAlignment: .start)
        let ink = try #require(try Self.overlay([Self.cue("Left side", layout)]).inkBounds(alphaAbove: 16))
        // The box starts at 10%; its background starts there, the glyphs a padding later.
        #expect(abs(ink.x - Self.width / 10) < Self.width / 50, "\(ink)")
        #expect(ink.x + ink.width < Self.width / 2)
    }

    @Test func longLinesWrapInsideTheirBox() throws {
        let layout = CueLayout(position: Fraction(1, 10), size: Fraction(3, 10), textAlignment: .start)
        let text = "a line far too long to fit in thirty percent of the frame"
        let ink = try #require(try Self.overlay([Self.cue(text, layout)]).inkBounds(alphaAbove: 16))
        #expect(ink.x + ink.width <= Self.width * 4 / 10 + 2, "\(ink)")
        #expect(ink.height > Self.height / 10, "several lines: \(ink)")
    }

    @Test func overlappingCuesMoveApart() throws {
        let renderer = try CaptionRenderer(track: Track(cues: [Self.cue("First"), Self.cue("Second")]), family: .cueBoxes,
                                           width: Self.width, height: Self.height, fonts: Self.fonts)
        let scene = renderer.scene(at: MediaTime(seconds: 1))
        #expect(scene.blocks.count == 2)
        #expect(!scene.blocks[0].intersects(scene.blocks[1]))
        #expect(scene.blocks[1].maxY <= scene.blocks[0].y, "the later cue moves up: \(scene.blocks)")
    }

    @Test func aTTMLRegionsInkStaysInsideItsExtent() throws {
        let region = Region(id: "r", origin: Point(x: Fraction(1, 2), y: Fraction(1, 10)), extent: Point(x: Fraction(2, 5), y: Fraction(3, 10)),
                            displayAlignment: .after)
        let cue = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("Inside the region, wrapped as it needs")],
                      layout: CueLayout(regionID: "r"))
        let ink = try #require(try Self.overlay([cue], family: .ttmlRegions, regions: [region]).inkBounds(alphaAbove: 16))
        #expect(ink.x >= Self.width / 2 && ink.x + ink.width <= Self.width * 9 / 10, "\(ink)")
        #expect(ink.y >= Self.height / 10 && ink.y + ink.height <= Self.height * 4 / 10, "\(ink)")
        // displayAlign after: the last line ends within a line of the region's bottom.
        #expect(ink.y + ink.height > Self.height * 4 / 10 - Self.height / 15, "\(ink)")
    }

    @Test func aTTMLRegionBackgroundIsTheWindow() throws {
        let region = Region(id: "r", origin: Point(x: Fraction(1, 10), y: Fraction(1, 10)), extent: Point(x: Fraction(1, 5), y: Fraction(1, 5)),
                            style: StyleProperties(backgroundColor: Color(red: 0, green: 0, blue: 255)))
        let cue = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("x")], layout: CueLayout(regionID: "r"))
        let frame = try Self.overlay([cue], family: .ttmlRegions, regions: [region])
        let corner = frame.pixel(x: Self.width / 10 + 2, y: Self.height * 3 / 10 - 3)
        #expect(corner == (0, 0, 255, 255))
        #expect(frame.pixel(x: Self.width / 10 - 3, y: Self.height / 10 + 5).a == 0)
    }

    /// A 708 window's border is drawn around its fill (raised: lit top and left, shaded bottom
    /// and right), and a shadow border as the box's drop shadow (WindowBorder.swift).
    @Test func aCaptionWindowsBorderAndShadowAreDrawn() throws {
        let red = Color(red: 255, green: 0, blue: 0)
        var style = StyleProperties(backgroundColor: Color(red: 0, green: 0, blue: 255))
        style.outline = .init(placement: .box, style: .outset, color: red, width: .em(Fraction(1, 8)))
        let raised = Region(id: "r", origin: Point(x: Fraction(1, 5), y: Fraction(1, 5)), extent: Point(x: Fraction(1, 5), y: Fraction(1, 5)),
                            style: style)
        let cue = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("x")], layout: CueLayout(regionID: "r"))
        let frame = try Self.overlay([cue], family: .cea708Windows, regions: [raised])
        let (x0, y0, x1, y1) = (Self.width / 5, Self.height / 5, Self.width * 2 / 5, Self.height * 2 / 5)
        #expect(frame.pixel(x: x0 - 1, y: y0 + 10) == (255, 0, 0, 255), "lit left edge")
        #expect(frame.pixel(x: x1, y: y0 + 10) == (127, 0, 0, 255), "shaded right edge")
        #expect(frame.pixel(x: x0 + 10, y: y1) == (127, 0, 0, 255), "shaded bottom edge")
        #expect(frame.pixel(x: x0 + 3, y: y1 - 3) == (0, 0, 255, 255), "the fill inside")
        var shadowed = style
        shadowed.outline = nil
        shadowed.textShadow = [.init(offsetX: .em(Fraction(1, 8)), offsetY: .em(Fraction(1, 8)), color: red)]
        var region = raised
        region.style = shadowed
        let shadow = try Self.overlay([cue], family: .cea708Windows, regions: [region])
        #expect(shadow.pixel(x: x1 + 1, y: y1 + 1) == (255, 0, 0, 255), "the shadow below and right")
        #expect(shadow.pixel(x: x0 - 1, y: y0 + 10).a == 0, "nothing to the left")
    }

    @Test func cea608RowFifteenIsTheBottomRowOfTheSafeArea() throws {
        // As CEA608CueBuilder.layout(topRow: 15, column: 0) places it.
        let layout = CueLayout(line: .fraction(Fraction(16, 19)), lineAlignment: .start, position: Fraction(4, 40),
                               positionAlignment: .lineLeft, size: Fraction(32, 40), textAlignment: .left)
        var cue = Self.cue("ROW FIFTEEN", layout)
        cue.style = StyleProperties(backgroundColor: .black)
        let frame = try Self.overlay([cue], family: .cea608Grid)
        let ink = try #require(frame.inkBounds(alphaAbove: 16))
        let rowHeight = Double(Self.height) * 0.8 / 15
        #expect(abs(Double(ink.y + ink.height) - Double(Self.height) * 0.9) <= 2, "bottom of the safe area: \(ink)")
        #expect(abs(Double(ink.y) - (Double(Self.height) * 0.9 - rowHeight)) <= 2, "\(ink)")
        #expect(abs(ink.x - Self.width / 10) <= 1, "column 0 at the safe area's left: \(ink)")
        // 11 characters, one cell (80% / 32) each: the box spans them.
        #expect(abs(Double(ink.width) - 11 * Double(Self.width) * 0.8 / 32) <= 2, "\(ink)")
    }

    @Test func rubyIsDrawnAboveItsBase() throws {
        let ruby = InlineNode.ruby(Ruby(segments: [RubySegment(base: [.text("漢字")], annotation: [.text("かんじ")])]))
        let plain = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("漢字")])
        var annotated = plain
        annotated.content = [ruby]
        var a = CaptionAppearance.default
        try a.apply(specification: "background-opacity=0!")
        let without = try #require(try Self.overlay([plain], appearance: a).inkBounds(alphaAbove: 16))
        let frame = try Self.overlay([annotated], appearance: a)
        let with = try #require(frame.inkBounds(alphaAbove: 16))
        #expect(with.y + with.height == without.y + without.height, "the base stays on its line")
        #expect(with.y < without.y - 10, "the annotation rises above: \(with) vs \(without)")
        // The ink above the base line lies over the base, horizontally.
        let above = try #require(frame.cropped(to: PixelRect(x: 0, y: with.y, width: Self.width, height: without.y - with.y))?.inkBounds(alphaAbove: 16))
        #expect(above.x >= without.x - 8 && above.x + above.width <= without.x + without.width + 8, "\(above) over \(without)")
    }

    @Test func verticalCuesAreColumns() throws {
        // vertical:rl with line auto is the last line of leftward growth: at the left edge (W3C
        // WebVTT §7.2; WebVTTPlacementTests has the rest).
        let ink = try #require(try Self.overlay([Self.cue("縦書きの字幕", CueLayout(writingDirection: .verticalRightToLeft))]).inkBounds(alphaAbove: 16))
        #expect(ink.height > ink.width * 3, "\(ink)")
        #expect(ink.x + ink.width < Self.width / 4, "\(ink)")
    }

    @Test func cjkTextWrapsWithoutSpaces() throws {
        let long = String(repeating: "日本語の字幕です。", count: 8)
        let ink = try #require(try Self.overlay([Self.cue(long)]).inkBounds(alphaAbove: 16))
        #expect(ink.width <= Self.width, "\(ink)")
        #expect(ink.height > Self.height / 8, "wrapped onto several lines: \(ink)")
    }

    @Test func theViewersTextColourWinsWhenForced() throws {
        var content = Self.cue("Red")
        content.style = StyleProperties(color: Color(red: 255, green: 0, blue: 0))
        var a = CaptionAppearance.default
        try a.apply(specification: "text-color=lime!")
        try a.apply(specification: "background-opacity=0!")
        let frame = try Self.overlay([content], appearance: a)
        let ink = try #require(frame.inkBounds(alphaAbove: 250))
        var green = 0, red = 0
        for y in ink.y..<(ink.y + ink.height) {
            for x in ink.x..<(ink.x + ink.width) {
                let p = frame.pixel(x: x, y: y)
                if p.a == 255 && p.g == 255 && p.r == 0 { green += 1 }
                if p.a == 255 && p.r == 255 && p.g == 0 { red += 1 }
            }
        }
        #expect(green > 100 && red == 0)
    }
}
