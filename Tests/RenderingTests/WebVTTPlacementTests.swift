import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// Where WebVTT cue boxes land, by W3C WebVTT §7.2 as browsers apply it: no title-safe inset by
/// default, `start`/`end` alignment with an automatic position at the line's edges, vertical
/// cues on the side their lines grow towards, negative line numbers counted up from the bottom,
/// percentages aligned by `lineAlign`, cues avoiding each other's boxes. Checked on the ink and on
/// the scene's blocks of a 1280×720 frame (text 36 px, a line about 42 px), without a browser:
/// `scripts/webvtt-browser-compare.py` is the comparison with Chromium.
@Suite(.serialized) struct WebVTTPlacementTests {
    static let width = 1280, height = 720
    static let fonts = FontSet()
    /// The appearance without the cue background, so that ink is glyphs only.
    static let glyphsOnly: CaptionAppearance = {
        var a = CaptionAppearance.default
        try? a.apply(specification: "background-opacity=0!")
        return a
    }()

    static func renderer(_ cues: [Cue], regions: [Region] = [], options: LayoutOptions = .default) throws -> CaptionRenderer {
        try CaptionRenderer(track: Track(cues: cues, regions: regions), family: .cueBoxes, width: width, height: height,
                            appearance: glyphsOnly, fonts: fonts, options: options)
    }

    static func ink(_ cues: [Cue], options: LayoutOptions = .default) throws -> PixelRect {
        var frame = Bitmap(width: width, height: height)
        try renderer(cues, options: options).overlay(at: MediaTime(seconds: 1))?.draw(onto: &frame)
        let ink = try #require(frame.inkBounds(alphaAbove: 16))
        return PixelRect(x: ink.x, y: ink.y, width: ink.width, height: ink.height)
    }

    /// A cue of `text`, each "\n" a line break.
    static func cue(_ text: String, _ layout: CueLayout = .default) -> Cue {
        let content = text.split(separator: "\n").map { InlineNode.text(String($0)) }.flatMap { [InlineNode.lineBreak, $0] }.dropFirst()
        return Cue(start: .zero, end: MediaTime(seconds: 5), content: Array(content), layout: layout)
    }

    // MARK: no title-safe inset by default

    @Test func lineZeroTouchesTheTopByDefault() throws {
        let ink = try Self.ink([Self.cue("At the top", CueLayout(line: .number(0)))])
        // The line box starts at row 0; the capitals' tops are a few pixels below it.
        #expect(ink.y < Self.height / 60, "no inset: \(ink)")
    }

    @Test func theLastLineTouchesTheBottomByDefault() throws {
        let ink = try Self.ink([Self.cue("Bottom line, descending")])
        #expect(ink.y + ink.height > Self.height - Self.height / 60, "no inset: \(ink)")
        #expect(ink.y + ink.height <= Self.height)
    }

    @Test func aTitleSafeMarginKeepsCuesInside() throws {
        let options = LayoutOptions(titleSafe: LayoutOptions.broadcastTitleSafe)
        let top = try Self.ink([Self.cue("At the top", CueLayout(line: .number(0)))], options: options)
        #expect(top.y >= Self.height / 20, "below the 5% margin: \(top)")
        let bottom = try Self.ink([Self.cue("Bottom line, descending")], options: options)
        #expect(bottom.y + bottom.height <= Self.height - Self.height / 20, "above the 5% margin: \(bottom)")
        let left = try Self.ink([Self.cue("Left", CueLayout(textAlignment: .left))], options: options)
        #expect(left.x >= Self.width / 20, "right of the 5% margin: \(left)")
    }

    // MARK: align:start and align:end with an automatic position

    @Test func alignStartWithAutoPositionIsAtTheLeftEdge() throws {
        let ink = try Self.ink([Self.cue("Start", CueLayout(textAlignment: .start))])
        #expect(ink.x < Self.width / 50, "the box starts at 0%: \(ink)")
        let left = try Self.ink([Self.cue("Start", CueLayout(textAlignment: .left))])
        #expect(abs(ink.x - left.x) <= 1, "start is left for left-to-right text: \(ink) \(left)")
    }

    @Test func alignEndWithAutoPositionIsAtTheRightEdge() throws {
        let ink = try Self.ink([Self.cue("End", CueLayout(textAlignment: .end))])
        #expect(ink.x + ink.width > Self.width - Self.width / 50, "the box ends at 100%: \(ink)")
    }

    @Test func rightToLeftStartIsAtTheRightEdge() throws {
        let start = try Self.ink([Self.cue("שלום עולם", CueLayout(textAlignment: .start))])
        #expect(start.x + start.width > Self.width - Self.width / 50, "\(start)")
        let end = try Self.ink([Self.cue("שלום עולם", CueLayout(textAlignment: .end))])
        #expect(end.x < Self.width / 50, "\(end)")
    }

    @Test func aNarrowStartAlignedBoxStartsAtTheLeft() throws {
        // size:50% align:start: the box is the frame's left half, as Chromium draws it.
        let ink = try Self.ink([Self.cue("A longer line that wraps inside half the frame", CueLayout(size: Fraction(1, 2), textAlignment: .start))])
        #expect(ink.x < Self.width / 50 && ink.x + ink.width <= Self.width / 2, "\(ink)")
    }

    @Test func anExplicitPositionStillWins() {
        #expect(CueLayout(position: Fraction(1, 10), textAlignment: .start).computedPosition() == Fraction(1, 10))
        #expect(CueLayout(textAlignment: .center).computedPosition() == Fraction(1, 2))
        #expect(CueLayout(textAlignment: .end).computedPosition(rightToLeft: true) == .zero)
    }

    // MARK: vertical cues

    static let columns = "一二三\n四五六"

    @Test func verticalRLAutoIsAtTheLeftEdgeFirstColumnRightmost() throws {
        let renderer = try Self.renderer([Self.cue(Self.columns, CueLayout(writingDirection: .verticalRightToLeft))])
        let scene = renderer.scene(at: MediaTime(seconds: 1))
        let block = try #require(scene.blocks.first)
        #expect(block.x == 0, "line auto (-1) is the last line of right-to-left growth: the left edge: \(block)")
        // The first column (一二三) is the rightmost: its ink lies right of the second one's.
        let lines = scene.lines.compactMap(\.inkBounds)
        #expect(lines.count == 2 && lines[0].x > lines[1].x, "\(lines)")
    }

    @Test func verticalLRAutoIsAtTheRightEdge() throws {
        let ink = try Self.ink([Self.cue(Self.columns, CueLayout(writingDirection: .verticalLeftToRight))])
        #expect(ink.x + ink.width > Self.width - Self.width / 50, "\(ink)")
        #expect(ink.x > Self.width * 3 / 4)
    }

    @Test func verticalLineZeroIsTheStartEdge() throws {
        let rl = try Self.ink([Self.cue(Self.columns, CueLayout(writingDirection: .verticalRightToLeft, line: .number(0)))])
        #expect(rl.x + rl.width > Self.width - Self.width / 50, "rl line 0 at the right: \(rl)")
        let lr = try Self.ink([Self.cue(Self.columns, CueLayout(writingDirection: .verticalLeftToRight, line: .number(0)))])
        #expect(lr.x < Self.width / 50, "lr line 0 at the left: \(lr)")
    }

    @Test func verticalAlignStartIsAtTheTopAndEndAtTheBottom() throws {
        let start = try Self.ink([Self.cue("縦書き", CueLayout(writingDirection: .verticalRightToLeft, textAlignment: .start))])
        #expect(start.y < Self.height / 40, "\(start)")
        let end = try Self.ink([Self.cue("縦書き", CueLayout(writingDirection: .verticalRightToLeft, textAlignment: .end))])
        #expect(end.y + end.height > Self.height - Self.height / 40, "\(end)")
    }

    @Test func aVerticalPercentageIsTheBlocksLeftEdge() throws {
        let renderer = try Self.renderer([Self.cue(Self.columns, CueLayout(writingDirection: .verticalRightToLeft, line: .fraction(Fraction(3, 10))))])
        let block = try #require(renderer.scene(at: MediaTime(seconds: 1)).blocks.first)
        #expect(block.x == Self.width * 3 / 10, "\(block)")
        let ended = try Self.renderer([Self.cue(Self.columns, CueLayout(writingDirection: .verticalRightToLeft, line: .fraction(Fraction(3, 10)),
                                                                        lineAlignment: .end))])
        let endBlock = try #require(ended.scene(at: MediaTime(seconds: 1)).blocks.first)
        #expect(endBlock.maxX == Self.width * 3 / 10, "line-align end: its right edge: \(endBlock)")
    }

    // MARK: the block axis

    @Test func aNegativeLineOfATwoLineCueEndsAtTheBottom() throws {
        // line:-2 puts the first line second from the bottom; the second line then fits below it.
        let renderer = try Self.renderer([Self.cue("Line one\nLine two", CueLayout(line: .number(-2)))])
        let block = try #require(renderer.scene(at: MediaTime(seconds: 1)).blocks.first)
        #expect(block.maxY == Self.height, "\(block)")
    }

    @Test func aLineNumberBeyondTheFrameComesBackInside() throws {
        let renderer = try Self.renderer([Self.cue("Far down", CueLayout(line: .number(102_041_241_024_101_120)))])
        let block = try #require(renderer.scene(at: MediaTime(seconds: 1)).blocks.first)
        #expect(block.maxY <= Self.height && block.maxY > Self.height - block.height * 2, "\(block)")
    }

    @Test func lineAlignmentPlacesThePercentage() throws {
        func block(_ alignment: CueLayout.LineAlignment) throws -> PixelRect {
            let r = try Self.renderer([Self.cue("One\nTwo", CueLayout(line: .fraction(Fraction(1, 2)), lineAlignment: alignment))])
            return try #require(r.scene(at: MediaTime(seconds: 1)).blocks.first)
        }
        let start = try block(.start), center = try block(.center), end = try block(.end)
        #expect(start.y == Self.height / 2)
        #expect(abs(center.y + center.height / 2 - Self.height / 2) <= 1)
        #expect(end.maxY == Self.height / 2)
    }

    @Test func cuesAvoidEachOthersBoxesNotJustTheirText() throws {
        // A short left-aligned cue and a centred one: their text does not meet, but their cue
        // boxes (100% wide) do, so the later one moves up a line, as in browsers.
        let renderer = try Self.renderer([Self.cue("Centred"), Self.cue("Left", CueLayout(textAlignment: .left))])
        let blocks = renderer.scene(at: MediaTime(seconds: 1)).blocks
        #expect(blocks.count == 2)
        #expect(blocks[1].maxY <= blocks[0].y, "\(blocks)")
        #expect(blocks[0].width == Self.width, "a cue box is as wide as its size: \(blocks[0])")
    }

    // MARK: regions

    @Test func aRegionIsSixVHPerLine() throws {
        let region = Region(id: "r", width: Fraction(2, 5), lines: 3, regionAnchor: Point(x: .zero, y: .zero),
                            viewportAnchor: Point(x: Fraction(1, 10), y: Fraction(1, 5)))
        let cue = Cue(start: .zero, end: MediaTime(seconds: 5), content: [.text("In a region")], layout: CueLayout(regionID: "r"))
        let box = try #require(try Self.renderer([cue], regions: [region]).scene(at: MediaTime(seconds: 1)).blocks.first)
        #expect(box == PixelRect(x: 128, y: 144, width: 512, height: 130), "3 × 6vh = 129.6 px: \(box)")
    }
}

extension RasterLine {
    /// The extent of the line's glyph masks, nil when it has none.
    var inkBounds: PixelRect? {
        images.reduce(nil as PixelRect?) { r, i in
            let rect = PixelRect(x: i.x, y: i.y, width: i.width, height: i.height)
            return r?.union(rect) ?? rect
        }
    }
}
