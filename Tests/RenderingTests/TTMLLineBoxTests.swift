import Testing
import TimedText
import CaptionStyling
@testable import Rendering

/// How a TTML region shapes lines and their inline boxes, checked by geometry on a 1280×720
/// frame (a region at 10%, 10%, 50% × 50%: content x 128…768, y 72…432): EBU-TT-D's
/// multiRowAlign and linePadding, IMSC 1.1's fillLineGap, TTML2's rubyReserve and rubyAlign,
/// one background per span and overlines.
@Suite(.serialized) struct TTMLLineBoxTests {
    static let width = 1280, height = 720
    static let fonts = FontSet()
    static let black = Color(red: 0, green: 0, blue: 0)
    static let red = Color(red: 255, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 255)
    static let region = Region(id: "r", origin: Point(x: Fraction(1, 10), y: Fraction(1, 10)), extent: Point(x: Fraction(1, 2), y: Fraction(1, 2)),
                               style: .none, showBackground: .whenActive, overflow: .visible)

    static func scene(_ content: [InlineNode], alignment: CueLayout.TextAlignment = .start, style: StyleProperties = .none) throws -> CaptionScene {
        var cue = Cue(start: .zero, end: MediaTime(seconds: 10), content: content, layout: CueLayout(textAlignment: alignment, regionID: "r"))
        cue.style = style
        let renderer = try CaptionRenderer(track: Track(cues: [cue], regions: [region]), family: .ttmlRegions, width: width, height: height, fonts: fonts)
        return renderer.scene(at: MediaTime(seconds: 1))
    }

    static func span(_ text: String, background: Color, style: StyleProperties = .none) -> InlineNode {
        var s = style
        s.backgroundColor = background
        return .span(InlineSpan(.styled, style: s, children: [.text(text)]))
    }

    /// Left and right edges of a line's glyphs.
    static func glyphs(_ line: RasterLine) -> (left: Int, right: Int, top: Int) {
        let fills = line.images.filter { $0.kind == .fill }
        // To the ink's right edge: libass pads each mask's width with empty columns up to a tile.
        return (fills.map(\.x).min() ?? 0, fills.map { $0.x + $0.inkWidth }.max() ?? 0, fills.map(\.y).min() ?? 0)
    }

    /// textAlign start, multiRowAlign end: the block of lines starts at the content's left edge and
    /// its lines end together at the longest line's end.
    @Test func multiRowAlignAlignsLinesWithinTheirBlock() throws {
        let content: [InlineNode] = [.text("a much longer first line"), .lineBreak, .text("short")]
        let scene = try Self.scene(content, style: StyleProperties(multiRowAlign: .end))
        try #require(scene.lines.count == 2)
        let long = Self.glyphs(scene.lines[0]), short = Self.glyphs(scene.lines[1])
        #expect(long.left >= 128 && long.left <= 132, "the block at the start: \(long)")
        #expect(abs(long.right - short.right) <= 3, "lines end together: \(long) \(short)")

        // textAlign center, multiRowAlign start: the block centred, its lines starting together.
        let centred = try Self.scene(content, alignment: .center, style: StyleProperties(multiRowAlign: .start))
        let a = Self.glyphs(centred.lines[0]), b = Self.glyphs(centred.lines[1])
        #expect(abs(a.left - b.left) <= 3, "lines start together: \(a) \(b)")
        #expect(abs((a.left + a.right) / 2 - 448) <= 3, "the block centred in 128…768: \(a)")
        // auto: each line aligned by textAlign alone.
        let auto = try Self.scene(content, alignment: .center)
        #expect(abs((Self.glyphs(auto.lines[1]).left + Self.glyphs(auto.lines[1]).right) / 2 - 448) <= 3)
    }

    /// Two spans with their own backgrounds on one line get a box each, the second starting where
    /// the first ends.
    @Test func eachSpanHasItsOwnBackground() throws {
        let scene = try Self.scene([Self.span("black ", background: Self.black), Self.span("red", background: Self.red)])
        let boxes = try #require(scene.lines.first?.backgrounds)
        try #require(boxes.count == 2, "\(boxes)")
        #expect(boxes[0].color == Color4(r: 0, g: 0, b: 0) && boxes[1].color == Color4(r: 255, g: 0, b: 0))
        #expect(boxes[0].rect.x == 128 && abs(boxes[0].rect.maxX - boxes[1].rect.x) <= 1, "adjacent: \(boxes.map(\.rect))")
        #expect(boxes[1].rect.width > 40, "the red box covers 'red': \(boxes[1].rect)")
    }

    /// A span inside a span with a background, with none of its own (TTML computes `transparent`
    /// for it), is drawn on the enclosing span's background, as CSS draws it.
    @Test func aSpanWithoutBackgroundShowsTheEnclosingOne() throws {
        let inner = InlineNode.span(InlineSpan(.styled, style: StyleProperties(backgroundColor: .transparent), children: [.text("inner")]))
        let outer = InlineNode.span(InlineSpan(.styled, style: StyleProperties(backgroundColor: Self.red), children: [.text("outer "), inner]))
        let boxes = try #require(try Self.scene([outer]).lines.first?.backgrounds)
        try #require(boxes.count == 1, "one red box across both: \(boxes)")
        #expect(boxes[0].color == Color4(r: 255, g: 0, b: 0) && boxes[0].rect.width > 200, "\(boxes[0].rect)")
    }

    /// ebutts:linePadding 0.5c (half of 48 px): the background starts at the content's edge and the
    /// text 24 px in; the background ends 24 px past the text.
    @Test func linePaddingPadsTheLinesBackgroundsAndMovesTheTextIn() throws {
        let padding = StyleProperties(linePadding: .viewportHeight(Fraction(1, 30)))
        let plain = try Self.scene([Self.span("padded", background: Self.black)])
        let padded = try Self.scene([Self.span("padded", background: Self.black)], style: padding)
        let before = try #require(plain.lines.first), after = try #require(padded.lines.first)
        let box = try #require(after.backgrounds.first?.rect), plainBox = try #require(before.backgrounds.first?.rect)
        #expect(box.x == 128, "\(box)")
        #expect(Self.glyphs(after).left - Self.glyphs(before).left == 24, "text moved in by the padding")
        #expect(box.width - plainBox.width == 48, "24 px each side: \(plainBox) → \(box)")
    }

    /// lineHeight 200%: without fillLineGap the two lines' backgrounds leave a gap between them;
    /// with it each fills its line box, the second starting where the first ends.
    @Test func fillLineGapMakesBackgroundsFillTheLineBox() throws {
        let content: [InlineNode] = [Self.span("first", background: Self.black), .lineBreak, Self.span("second", background: Self.black)]
        let tall = StyleProperties(lineHeight: .multiple(Fraction(2)))
        func boxes(_ scene: CaptionScene) -> [PixelRect] { scene.lines.compactMap { $0.backgrounds.first?.rect } }
        let gapped = boxes(try Self.scene(content, style: tall))
        try #require(gapped.count == 2)
        #expect(gapped[1].y - gapped[0].maxY > 30, "a gap of about one em: \(gapped)")
        var filling = tall
        filling.fillLineGap = true
        let filled = boxes(try Self.scene(content, style: filling))
        try #require(filled.count == 2)
        #expect(filled[0].y == 72 && filled[0].height == 96, "the whole 96 px line box: \(filled)")
        #expect(filled[1].y == filled[0].maxY, "no gap: \(filled)")
    }

    /// CSS line boxes: a paragraph's lines start from a strut in its own font and size, and every
    /// inline box shares the baseline with half its leading above and below it. Text at half the
    /// paragraph's size on a fixed 48 px line height has more leading under its baseline than the
    /// strut has, so its lines are further apart than 48 px (browsers, and so imscJS, do the same).
    @Test func smallTextInALargerParagraphMakesTallerLineBoxes() throws {
        let small: [InlineNode] = [.span(InlineSpan(.styled, style: StyleProperties(fontSize: .fraction(Fraction(1, 2))), children: [.text("small")]))]
        let fixed = StyleProperties(lineHeight: .length(.pixels(Fraction(48))))
        let paragraph = InlineSpan(.styled, style: fixed, children: small + [.lineBreak] + small, isParagraph: true)
        let scene = try Self.scene([.span(paragraph)])
        try #require(scene.lines.count == 2)
        let pitch = Self.glyphs(scene.lines[1]).top - Self.glyphs(scene.lines[0]).top
        #expect(pitch > 50 && pitch < 60, "more than the 48 px line height: \(pitch)")
    }

    /// rubyReserve keeps ruby space on a line without ruby: `before` moves the line down by a line
    /// of annotation text (half the line's 48 px, times the font's normal line spacing, as imscJS
    /// draws it), `both` also adds it below, so the next line moves down by twice that; a
    /// paragraph's reserve is its own, not its neighbour's.
    @Test func rubyReserveKeepsSpaceOnLinesWithoutRuby() throws {
        let content: [InlineNode] = [.text("Hx"), .lineBreak, .text("Hx")]
        func tops(_ style: StyleProperties) throws -> [Int] { try Self.scene(content, style: style).lines.map { Self.glyphs($0).top } }
        let plain = try tops(.none)
        let before = try tops(StyleProperties(rubyReserve: .init(side: .before)))
        let both = try tops(StyleProperties(rubyReserve: .init(side: .both)))
        let sized = try tops(StyleProperties(rubyReserve: .init(side: .before, length: .pixels(Fraction(30)))))
        try #require(plain.count == 2 && before.count == 2 && both.count == 2 && sized.count == 2)
        let spacing = Self.fonts.normalLineHeightPerEm(Self.fonts.fallbackFamily)
        #expect(before[0] - plain[0] == Int((24 * spacing).rounded()), "\(plain) → \(before)")
        #expect(before[1] - before[0] == plain[1] - plain[0] + (before[0] - plain[0]), "each line keeps it: \(before)")
        #expect(both[1] - both[0] == plain[1] - plain[0] + 2 * (before[0] - plain[0]), "above and below: \(both)")
        #expect(sized[0] - plain[0] == Int((30 * spacing).rounded()), "a stated length: \(sized)")

        // Two paragraphs in one region: only the second keeps the space.
        let reserving = InlineNode.span(InlineSpan(.styled, style: StyleProperties(rubyReserve: .init(side: .before)), children: [.text("Hx")], isParagraph: true))
        let mixed = try Self.scene([.text("Hx"), .lineBreak, reserving]).lines.map { Self.glyphs($0).top }
        try #require(mixed.count == 2)
        // (The paragraph's own font, monospaced serif for TTML, gives the annotation's line spacing.)
        #expect(mixed[0] == plain[0] && (26...30).contains(mixed[1] - mixed[0] - (plain[1] - plain[0])), "\(mixed)")
    }

    /// rubyAlign start and end put the annotation at the base's start or end; spaceAround spreads
    /// it across the base.
    @Test func rubyAlignPlacesTheAnnotationOverItsBase() throws {
        func annotation(_ align: StyleProperties.RubyAlign) throws -> (left: Int, right: Int, base: (left: Int, right: Int, top: Int)) {
            let ruby = Ruby(segments: [RubySegment(base: [.text("利用許諾")], annotation: [.text("らい")])], style: StyleProperties(rubyAlign: align))
            let line = try #require(try Self.scene([.ruby(ruby)]).lines.first)
            // The base's glyphs (48 px) are the tallest masks; the annotation's (24 px) the others.
            let fills = line.images.filter { $0.kind == .fill }
            let tallest = fills.map(\.height).max() ?? 0
            let small = fills.filter { $0.height < tallest }, base = fills.filter { $0.height == tallest }
            return (small.map(\.x).min() ?? 0, small.map { $0.x + $0.inkWidth }.max() ?? 0,
                    (base.map(\.x).min() ?? 0, base.map { $0.x + $0.inkWidth }.max() ?? 0, base.map(\.y).min() ?? 0))
        }
        let start = try annotation(.start), end = try annotation(.end), centre = try annotation(.center), around = try annotation(.spaceAround)
        #expect(abs(start.left - start.base.left) <= 6, "at the base's start: \(start)")
        #expect(abs(end.right - end.base.right) <= 6, "at the base's end: \(end)")
        #expect(abs((centre.left + centre.right) - (centre.base.left + centre.base.right)) <= 6, "centred: \(centre)")
        #expect(around.right - around.left > centre.right - centre.left + 60, "spread: \(around) against \(centre)")
    }

    /// TTML's `outside` (the model's alternateOver): annotations over the paragraph's first line,
    /// under its other lines.
    @Test func outsideAnnotationsGoUnderLinesAfterTheFirst() throws {
        let ruby = InlineNode.ruby(Ruby(segments: [RubySegment(base: [.text("漢字")], annotation: [.text("かんじ")])],
                                        style: StyleProperties(rubyPosition: .alternateOver)))
        let lines = try Self.scene([ruby, .lineBreak, ruby]).lines
        try #require(lines.count == 2)
        func sides(_ line: RasterLine) -> (annotation: Int, base: Int) {
            let fills = line.images.filter { $0.kind == .fill }
            let tallest = fills.map(\.height).max() ?? 0
            let big = fills.filter { $0.height == tallest }, small = fills.filter { $0.height < tallest }
            return (small.map(\.y).min() ?? 0, big.map(\.y).min() ?? 0)
        }
        let first = sides(lines[0]), second = sides(lines[1])
        #expect(first.annotation < first.base, "over the first line: \(first)")
        #expect(second.annotation > second.base + 30, "under the second: \(second)")
        #expect(lines[1].rubyBelowHeight > 0 && lines[1].rubyHeight == 0 && lines[0].rubyHeight > 0)
    }

    /// An overline (which ASS cannot draw) is a bar in the text's colour along the top of the
    /// line, as wide as the text.
    @Test func overlineIsDrawnAlongTheTopOfTheText() throws {
        let scene = try Self.scene([.text("over")], style: StyleProperties(textDecoration: .overline))
        let line = try #require(scene.lines.first)
        var letters = line
        letters.images = line.images.filter { $0.height > 4 }
        let glyphs = Self.glyphs(letters)
        let bars = line.images.filter { $0.kind == .fill && $0.height <= 4 && $0.width > 60 }
        let bar = try #require(bars.first, "\(line.images.map { ($0.x, $0.y, $0.width, $0.height) })")
        #expect(bar.y <= glyphs.top + 2 && bar.y >= 72, "at the top: bar \(bar.y), glyphs from \(glyphs.top)")
        #expect(abs(bar.x - glyphs.left) <= 6 && abs(bar.x + bar.width - glyphs.right) <= 8, "across the text: \(bar.x)…\(bar.x + bar.width), \(glyphs)")
        let plain = try Self.scene([.text("over")])
        #expect(plain.lines.first?.images.contains { $0.kind == .fill && $0.height <= 4 && $0.width > 60 } == false)
    }
}
