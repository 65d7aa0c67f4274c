import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// Where WebVTT cue boxes land, by W3C WebVTT §7.2 as browsers apply it: no title-safe inset by
/// default, `start`/`end` alignment with an automatic position at the line's edges. Checked on
/// the ink and on the scene's blocks of a 1280×720 frame (text 36 px, a line about 42 px),
/// without a browser: `scripts/webvtt-browser-compare.py` is the comparison with Chromium.
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
}
