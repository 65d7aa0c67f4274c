package import TimedText
import CaptionStyling
internal import TextScanning

/// A line drawn by libass: its masks and boxes relative to the line's top-left corner.
public struct RasterLine: Sendable {
    /// Every mask, in drawing order (edges and shadows before fills).
    public var images: [RasterImage]
    /// Layout width: from the line's origin to the right edge of its glyphs.
    public var width: Int
    /// The height of the line box (the tallest run's font cell), below `rubyHeight`.
    public var boxHeight: Int
    /// Space above the line box that ruby annotations take (0 without ruby).
    public var rubyHeight: Int
    /// Space below the line box that annotations under their bases take (0 without them);
    /// `height` leaves it out, layout adds it below the line.
    public var rubyBelowHeight: Int = 0
    /// The background of each run that has one, relative to the line (inside the line box).
    public var backgrounds: [(rect: PixelRect, color: Color4)]

    /// The whole line's height in pixels: the ruby space above plus the line box.
    public var height: Int { rubyHeight + boxHeight }

    /// The same line with every mask and box moved by (dx, dy).
    func offset(dx: Int, dy: Int) -> RasterLine {
        var copy = self
        copy.images = images.map { $0.offset(dx: dx, dy: dy) }
        copy.backgrounds = backgrounds.map { (PixelRect(x: $0.rect.x + dx, y: $0.rect.y + dy, width: $0.rect.width, height: $0.rect.height), $0.color) }
        return copy
    }

    /// The same line with every mask's and box's opacity multiplied by `opacity` (0…1): a TTML
    /// region's `tts:opacity` applies to all that its content draws (TTML2 §10.2.31).
    func fading(by opacity: Double) -> RasterLine {
        guard opacity < 1 else { return self }
        var copy = self
        copy.images = images.map { image in
            var faded = image
            faded.color.a = Color4.scaled(image.color.a, by: opacity)
            return faded
        }
        copy.backgrounds = backgrounds.map { ($0.rect, Color4(r: $0.color.r, g: $0.color.g, b: $0.color.b, a: Color4.scaled($0.color.a, by: opacity))) }
        return copy
    }

    /// The same line with every mask and box cut to `rect` (a region's edges, TTML
    /// `tts:overflow="hidden"`); what lies wholly outside is dropped.
    func clipped(to rect: PixelRect) -> RasterLine {
        var copy = self
        copy.images = images.compactMap { $0.clipped(to: rect) }
        copy.backgrounds = backgrounds.compactMap { box in
            let cut = box.rect.intersection(rect)
            return cut.isEmpty ? nil : (cut, box.color)
        }
        return copy
    }
}

extension RasterImage {
    /// The width up to the mask's last column with any coverage (0 for an empty mask).
    var inkWidth: Int {
        guard width > 0, height > 0 else { return 0 }
        var right = 0
        coverage.withUnsafeBufferPointer { c in
            for row in 0..<height {
                let start = row * width
                // Only the columns right of the widest row so far need looking at.
                var col = width - 1
                while col >= right, c[start + col] == 0 { col -= 1 }
                if col + 1 > right { right = col + 1 }
                if right == width { return }
            }
        }
        return right
    }

    /// The mask turned 90° clockwise inside a horizontal line `lineHeight` high whose top-left
    /// corner is the origin: the line's top edge becomes the right edge of a column
    /// `lineHeight` wide, its start the column's top (sideways text in vertical writing).
    func rotatedClockwise(lineHeight: Int) -> RasterImage {
        var copy = self
        var coverage = [UInt8](repeating: 0, count: width * height)
        // (px, py) of the source goes to (height - 1 - py, px) of the turned mask.
        for py in 0..<height {
            for px in 0..<width {
                coverage[px * height + (height - 1 - py)] = self.coverage[py * width + px]
            }
        }
        copy.coverage = coverage
        copy.width = height
        copy.height = width
        copy.x = lineHeight - y - height
        copy.y = x
        return copy
    }

    /// The part of the mask inside `rect`, nil when none of it is.
    func clipped(to rect: PixelRect) -> RasterImage? {
        let own = PixelRect(x: x, y: y, width: width, height: height)
        let cut = own.intersection(rect)
        guard !cut.isEmpty else { return nil }
        if cut == own { return self }
        var copy = self
        var coverage: [UInt8] = []
        coverage.reserveCapacity(cut.width * cut.height)
        for row in (cut.y - y)..<(cut.maxY - y) {
            let start = row * width + (cut.x - x)
            coverage += self.coverage[start..<(start + cut.width)]
        }
        copy.x = cut.x
        copy.y = cut.y
        copy.width = cut.width
        copy.height = cut.height
        copy.coverage = coverage
        return copy
    }
}

/// Shapes and rasterises lines of styled text with libass, one line at a time: each line is one
/// `Dialogue` event at `\an7\pos(pad,pad)` on a scratch canvas, and its masks are copied out
/// relative to the line. Layout then moves whole lines (whole pixels, no re-render). Also
/// measures (for wrapping and ruby) and breaks lines where ICU's line breaking allows.
package final class LineRasterizer {
    let libass: LibassRenderer
    let fonts: FontSet
    let pad: Int
    let canvasWidth: Int
    let canvasHeight: Int
    /// Renders done, for the benchmark and tests.
    package private(set) var renderCount = 0
    /// An upright character of a column, as libass's event text and its font cell's height, by
    /// the one-character run it is: the same kana and kanji recur from caption to caption, and
    /// building their override tags was a tenth of drawing a vertical caption. Bounded.
    var uprightCharacters: [StyledText: (assText: String, cellHeight: Int)] = [:]

    /// A rasteriser for lines up to `maximumLineWidth` pixels wide in a frame `maximumHeight` high
    /// (its scratch canvas adds a margin so that edges and shadows are not cut); throws
    /// `missingComponent` when libass cannot be loaded.
    package init(maximumLineWidth: Int, maximumHeight: Int, fonts: FontSet) throws(LegibleError) {
        pad = max(64, maximumHeight / 8)
        canvasWidth = maximumLineWidth + 2 * pad
        canvasHeight = maximumHeight + 2 * pad
        self.fonts = fonts
        libass = try LibassRenderer(width: canvasWidth, height: canvasHeight, fonts: fonts.files, defaultFamily: fonts.fallbackFamily)
        try libass.load(script: ASSScript.header(width: canvasWidth, height: canvasHeight, family: fonts.fallbackFamily))
    }

    // MARK: Drawing one line

    /// The override tags and text of runs (without position).
    /// `extraTags` are added to every run's tags (a column's upright or combined characters).
    func assText(_ runs: [StyledText], spacing: Double = 0, substituteEdgeSpaces: Bool = false, extraTags: String = "") -> String {
        // The paragraph's direction and the spans' bidi embeddings, as control characters that
        // libass's shaper reads (they have no glyphs).
        // libass takes them from a fallback font, whose ascent would deepen the line: they are
        // set one pixel high, so that only the text's own fonts size the line.
        func controls(_ text: String) -> String { text.isEmpty ? "" : "{\\fs1}" + text }
        var out = controls(BidiEmbedding.paragraphMark(runs.first?.paragraphDirection))
        var open: [BidiEmbedding] = []
        for (index, run) in runs.enumerated() {
            var text = run.text
            if substituteEdgeSpaces {
                // libass trims spaces at a line's ends; no-break spaces keep their advance.
                if index == 0 { text = Self.leadingSpacesAsNoBreak(text) }
                if index == runs.count - 1 { text = String(Self.leadingSpacesAsNoBreak(String(text.reversed())).reversed()) }
            }
            out += controls(BidiEmbedding.transition(from: open, to: run.embeddings))
            open = run.embeddings
            for (segment, small) in segments(text, style: run.style) {
                out += tags(run, text: Substring(segment), small: small, spacing: spacing, extra: extraTags) + ASSScript.escape(segment)
            }
        }
        return out + controls(BidiEmbedding.transition(from: open, to: []))
    }

    static func leadingSpacesAsNoBreak(_ s: String) -> String {
        var scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count, scalars[i] == " " { scalars[i] = "\u{00A0}"; i += 1 }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        return String(out)
    }

    /// Small capitals: lower-case letters as capitals at 75% size, in their own segments.
    func segments(_ text: String, style: ComputedCaptionStyle) -> [(String, Bool)] {
        guard style.font == .smallCapitals else { return [(text, false)] }
        var out: [(String, Bool)] = []
        for ch in text {
            let small = ch.isLowercase
            let piece = small ? ch.uppercased() : String(ch)
            if let last = out.last, last.1 == small { out[out.count - 1].0 += piece } else { out.append((piece, small)) }
        }
        return out
    }

    func tags(_ run: StyledText, text: Substring, small: Bool, spacing: Double, extra: String = "") -> String {
        let s = run.style
        let family = fonts.family(for: s, text: text)
        let cell = run.emSize * fonts.cellHeightPerEm(family) * (small ? 0.75 : 1)
        let fill = Color4(r: s.textColor.red, g: s.textColor.green, b: s.textColor.blue, a: s.visible ? s.textColor.alpha : 0)
        let edge = Color4(r: s.edgeColor.red, g: s.edgeColor.green, b: s.edgeColor.blue)
        let edgeWidth = max(1, run.emSize * 0.06)
        var t = "{\\r\\fn\(family)\\fs\(ASSScript.number(cell))\\c\(ASSScript.color(fill))\\1a\(ASSScript.alpha(fill.a))"
        t += "\\b\(s.bold ? 1 : 0)\\i\(s.italic ? 1 : 0)\\u\(s.underline ? 1 : 0)\\s\(s.lineThrough ? 1 : 0)"
        if spacing != 0 {
            t += "\\fsp\(ASSScript.number(spacing))"
        } else if fonts.isMonospaced(family) {
            // libass turns ligatures off for a run with letter spacing: a spacing of a thousandth
            // of a pixel keeps a monospaced face's "fi" two cells wide, as it is in Courier New.
            t += "\\fsp0.001"
        }
        switch s.edge {
        case .uniform:
            t += "\\bord\(ASSScript.number(edgeWidth))\\3c\(ASSScript.color(edge))\\3a\(ASSScript.alpha(fill.a))\\shad0"
        case .dropShadow:
            t += "\\bord0\\shad\(ASSScript.number(edgeWidth * 1.5))\\4c\(ASSScript.color(edge))\\4a\(ASSScript.alpha(fill.a))"
        case .none, .raised, .depressed:
            // Raised and depressed are drawn by the engine from the fill masks (ASS has no such edge).
            t += "\\bord0\\shad0"
        }
        if run.shear != 0 {
            // ASS's \fax shifts each row by the factor times its height above the baseline,
            // leftwards for positive values: a forward slant is a negative factor.
            t += "\\fax\(ASSScript.number(-Self.shearFactor(run.shear)))"
        }
        return t + extra + "}"
    }

    /// The slant of a shear (TTML `tts:shear`, a proportion −1…1) as the horizontal shift per
    /// pixel of height: the proportion itself, which is how far the IMSC reference renderings
    /// lean (their 50% slants glyphs by about 27°, not 45°).
    static func shearFactor(_ shear: Double) -> Double { max(-1, min(1, shear)) }

    /// Renders `events` (ASS text with position tags) together and returns the masks moved by (dx, dy).
    func render(_ events: [String], dx: Int, dy: Int) -> [RasterImage] {
        let script = events.map(ASSScript.dialogue).joined()
        // Wrapping measures a line and rasterising then draws the same line: render it once.
        if script != lastScript {
            libass.replaceEvents(with: script)
            renderCount += 1
            lastImages = libass.images(at: 1000)
            lastScript = script
        }
        return lastImages.map { $0.offset(dx: dx, dy: dy) }
    }

    private var lastScript = ""
    private var lastImages: [RasterImage] = []

    /// The runs' glyph masks with the line's top-left corner at (0, 0).
    func drawRuns(_ runs: [StyledText], spacing: Double = 0) -> [RasterImage] {
        guard runs.contains(where: { $0.baselineShift != 0 }) else {
            return render(["{\\an7\\pos(\(pad),\(pad))}" + assText(runs, spacing: spacing)], dx: -pad, dy: -pad)
        }
        return drawShiftedRuns(runs, spacing: spacing)
    }

    /// The cell height of the tallest run.
    func boxHeight(_ runs: [StyledText]) -> Int {
        let h = runs.map { run in run.emSize * fonts.cellHeightPerEm(fonts.family(for: run.style, text: Substring(run.text))) }.max() ?? 0
        return Int(h.rounded())
    }

    /// The depth of runs' common baseline below the top of their line (the tallest run's ascent,
    /// where libass puts it), in pixels.
    func ascent(_ runs: [StyledText]) -> Double {
        runs.map { run in
            let family = fonts.family(for: run.style, text: Substring(run.text))
            return run.emSize * fonts.cellHeightPerEm(family) * fonts.ascentShareOfCell(family)
        }.max() ?? 0
    }

    /// The right edge of the glyphs' ink: libass rasterises in tiles and pads each mask's width
    /// up to a whole tile with empty columns, which would count up to a tile's width of nothing.
    static func fillRight(_ images: [RasterImage]) -> Int {
        images.filter { $0.kind == .fill }.map { $0.x + $0.inkWidth }.max() ?? 0
    }

    /// The width of runs for layout: to the right edge of their glyphs from the origin.
    func measure(_ runs: [StyledText]) -> Int { Self.fillRight(drawRuns(runs)) }

    /// The advance of runs, leading and trailing spaces included: the right edge of the glyphs
    /// drawn left-aligned at x = pad, less their right edge drawn right-aligned at the canvas's
    /// right (libass aligns by advance, so the glyphs' right-side bearing cancels out).
    func advance(_ runs: [StyledText]) -> Double {
        guard runs.contains(where: { !$0.text.isEmpty }) else { return 0 }
        // Ink is what is measured: white space alone has none, so it is measured before a glyph
        // in the last run's style, less that glyph (a row's indent before a background box).
        if runs.allSatisfy({ $0.text.unicodeScalars.allSatisfy { $0.properties.isWhitespace } }), var marker = runs.last {
            marker.text = "0"
            return advance(runs + [marker]) - advance([marker])
        }
        let text = assText(runs, substituteEdgeSpaces: true)
        let rightX = canvasWidth - pad
        let left = render(["{\\an7\\pos(\(pad),\(pad))}" + text], dx: 0, dy: 0)
        let right = render(["{\\an9\\pos(\(rightX),\(pad))}" + text], dx: 0, dy: 0)
        let l = Self.fillRight(left), r = Self.fillRight(right)
        guard l > 0, r > 0 else { return Double(runs.map(\.text.count).reduce(0, +)) * (runs.first?.emSize ?? 0) * 0.3 }
        return Double(l - pad - (r - rightX))
    }

    /// Draws a horizontal line of items: text, ruby annotations spread over (or under) their
    /// bases, the background boxes (`horizontalPadding` pixels either side of the glyphs) and
    /// overlines. `firstLine` says whether the line is its paragraph's first, which decides the
    /// side of alternating annotations (TTML's `outside`).
    package func rasterize(_ items: [LineItem], spacing: Double = 0, horizontalPadding: Double, firstLine: Bool = true) -> RasterLine {
        let runs = Self.runs(of: items)
        let box = boxHeight(runs)
        var images = drawRuns(runs, spacing: spacing)
        let width = Self.fillRight(images)
        // Ruby: each annotation drawn as its own line over the base's advance.
        var annotations: [RasterImage] = []
        var rubyHeight = 0, rubyBelowHeight = 0
        var prefix: [StyledText] = []
        for item in items {
            switch item {
            case .text(let t): prefix.append(t)
            case .ruby(let base, let annotation, let placement):
                let start = advance(prefix)
                prefix += base
                let end = advance(prefix)
                let height = boxHeight(annotation)
                let under = placement.isUnder(onFirstLine: firstLine)
                if placement.isEmphasis {
                    // CSS draws emphasis marks in the line's leading, against the base's em box,
                    // without making room for them (CSS Text Decoration 3 §3.5).
                    let baseCell = Double(boxHeight(base)), baseEm = base.first?.emSize ?? Double(height)
                    let inset = Int(((baseCell - baseEm) / 2).rounded())
                    annotations += annotationImages(annotation, from: start, to: end, align: .center)
                        .map { $0.offset(dx: 0, dy: under ? box - inset : inset - height) }
                    continue
                }
                if under { rubyBelowHeight = max(rubyBelowHeight, height) } else { rubyHeight = max(rubyHeight, height) }
                annotations += annotationImages(annotation, from: start, to: end, align: placement.align).map { $0.offset(dx: 0, dy: under ? box : -height) }
            }
        }
        let boxes = backgroundBoxes(runs, width: width, lineBox: box, padding: Int(horizontalPadding.rounded()))
        let overlines = overlineImages(runs, width: width)
        images = (images + overlines).map { $0.offset(dx: 0, dy: rubyHeight) } + annotations.map { $0.offset(dx: 0, dy: rubyHeight) }
        return RasterLine(images: Self.withEngineEdges(images, runs: runs), width: width, boxHeight: box, rubyHeight: rubyHeight,
                          rubyBelowHeight: rubyBelowHeight,
                          backgrounds: boxes.map { (PixelRect(x: $0.rect.x, y: $0.rect.y + rubyHeight, width: $0.rect.width, height: $0.rect.height), $0.color) })
    }

    /// An annotation's masks placed over a base that runs from `start` to `end` (TTML2 §10.2.37,
    /// CSS `ruby-align`): at the start, the end or centred; `spaceAround` and `spaceBetween` share
    /// the room the base leaves between the annotation's characters (around each, or only between
    /// them), and centre an annotation as wide as its base or wider.
    func annotationImages(_ annotation: [StyledText], from start: Double, to end: Double, align: StyleProperties.RubyAlign) -> [RasterImage] {
        let natural = drawRuns(annotation)
        let glyphs = Double(Self.fillRight(natural))
        func at(_ x: Double, _ images: [RasterImage]) -> [RasterImage] { images.map { $0.offset(dx: Int(x.rounded()), dy: 0) } }
        let centred = at((start + end - glyphs) / 2, natural)
        switch align {
        case .center, .withBase: return centred
        case .start: return at(start, natural)
        case .end: return at(end - glyphs, natural)
        case .spaceAround, .spaceBetween:
            let count = annotation.reduce(0) { $0 + $1.text.count }
            let room = end - start - advance(annotation)
            let gaps = align == .spaceAround ? count : count - 1
            guard room > 0, gaps > 0 else { return centred }
            let gap = room / Double(gaps)
            // Letter spacing follows every character; the first starts half a gap in for spaceAround.
            return at(align == .spaceAround ? start + gap / 2 : start, drawRuns(annotation, spacing: gap))
        }
    }

    /// The background of each stretch of runs with one background colour, as CSS draws inline
    /// boxes' backgrounds: across the stretch's advance (the line's ends at its glyphs' extent,
    /// `padding` beyond), each run's font cell high on the line's common baseline. A line in one
    /// background has one box, the line box high. Relative to the line box's top-left corner.
    func backgroundBoxes(_ runs: [StyledText], width: Int, lineBox: Int, padding: Int) -> [(rect: PixelRect, color: Color4)] {
        guard width > 0 else { return [] }
        func color(_ run: StyledText) -> Color4? {
            let c = run.style.backgroundColor
            return c.alpha > 0 ? Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha) : nil
        }
        let colours = runs.map(color)
        // One colour for the whole line (the usual case): one box, as wide as the text, no measuring.
        if let first = colours.first ?? nil, colours.allSatisfy({ $0 == first }) {
            return [(PixelRect(x: -padding, y: 0, width: width + 2 * padding, height: lineBox), first)]
        }
        guard colours.contains(where: { $0 != nil }) else { return [] }
        let cells = runs.map { run in run.emSize * fonts.cellHeightPerEm(fonts.family(for: run.style, text: Substring(run.text))) }
        let ascents = runs.indices.map { cells[$0] * fonts.ascentShareOfCell(fonts.family(for: runs[$0].style, text: Substring(runs[$0].text))) }
        let baseline = ascents.max() ?? 0
        var out: [(rect: PixelRect, color: Color4)] = []
        var index = 0
        while index < runs.count {
            var next = index + 1
            while next < runs.count, colours[next] == colours[index] { next += 1 }
            if let c = colours[index] {
                let left = index == 0 ? -padding : Int(advance(Array(runs[..<index])).rounded())
                let right = next == runs.count ? width + padding : Int(advance(Array(runs[..<next])).rounded())
                let top = baseline - (index..<next).map { ascents[$0] }.max()!
                let bottom = baseline + (index..<next).map { cells[$0] - ascents[$0] }.max()!
                let y = Int(top.rounded())
                out.append((PixelRect(x: left, y: y, width: max(0, right - left), height: max(1, Int(bottom.rounded()) - y)), c))
            }
            index = next
        }
        return out
    }

    /// Lines over the text of runs that ask for one (TTML `overline`), which ASS cannot draw: a
    /// bar in the text's colour at the top of the run's em box (0.8 em above the line's
    /// baseline, where libass puts it from each font's cell), as thick as libass's underline
    /// (about 6% of the em), across the run's advance.
    func overlineImages(_ runs: [StyledText], width: Int) -> [RasterImage] {
        guard runs.contains(where: { $0.style.overline && $0.style.visible }) else { return [] }
        let families = runs.map { fonts.family(for: $0.style, text: Substring($0.text)) }
        let baseline = runs.indices.map { runs[$0].emSize * fonts.cellHeightPerEm(families[$0]) * fonts.ascentShareOfCell(families[$0]) }.max() ?? 0
        var out: [RasterImage] = []
        for (index, run) in runs.enumerated() where run.style.overline && run.style.visible && !run.text.isEmpty {
            let left = index == 0 ? 0 : Int(advance(Array(runs[..<index])).rounded())
            let right = index == runs.count - 1 ? width : Int(advance(Array(runs[...index])).rounded())
            let thickness = max(1, Int((run.emSize * 0.06).rounded()))
            // A Latin font's ascender is about 0.8 em: where browsers draw the overline.
            let top = max(0, Int((baseline - 0.8 * run.emSize).rounded()))
            let c = run.style.textColor
            guard right > left else { continue }
            out.append(RasterImage(kind: .fill, x: left, y: top, width: right - left, height: thickness,
                                   coverage: [UInt8](repeating: 255, count: (right - left) * thickness),
                                   color: Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha)))
        }
        return out
    }

    /// Raised and depressed edges, which ASS cannot express: copies of the fill masks, offset,
    /// drawn under the text in the edge colour (raised: a dark edge below-right, lit; depressed:
    /// the edge above-left).
    static func withEngineEdges(_ images: [RasterImage], runs: [StyledText]) -> [RasterImage] {
        guard let style = runs.first?.style, style.edge == .raised || style.edge == .depressed else { return images }
        let em = runs.map(\.emSize).max() ?? 0
        let depth = max(1, Int((em * 0.05).rounded()))
        let direction = style.edge == .raised ? 1 : -1
        var edges: [RasterImage] = []
        let edgeColor = Color4(r: style.edgeColor.red, g: style.edgeColor.green, b: style.edgeColor.blue, a: style.textColor.alpha)
        for image in images where image.kind == .fill {
            for k in 1...depth {
                var copy = image.offset(dx: direction * k, dy: direction * k)
                copy.kind = .shadow
                copy.color = edgeColor
                edges.append(copy)
            }
            // The opposite side gets a one-pixel highlight, which makes the relief read.
            var light = image.offset(dx: -direction, dy: -direction)
            light.kind = .shadow
            light.color = Color4(r: 255, g: 255, b: 255, a: style.textColor.alpha / 2)
            edges.append(light)
        }
        return edges + images
    }

    static func runs(of items: [LineItem]) -> [StyledText] {
        var out: [StyledText] = []
        for item in items {
            switch item {
            case .text(let t): out.append(t)
            case .ruby(let base, _, _): out += base
            }
        }
        return out
    }

    // MARK: Breaking lines

    /// Breaks a line of items into lines no wider than `maxWidth` pixels, at the break
    /// opportunities `LineBreaking` gives for `language` (kinsoku for Japanese and Chinese, and
    /// Japanese phrases kept whole where they fit); a ruby item never breaks. A piece wider than
    /// the width on its own overflows.
    package func wrap(_ items: [LineItem], maxWidth: Int, language: String?, spacing: Double = 0) -> [[LineItem]] {
        guard !items.isEmpty else { return [items] }
        if Self.fillRight(drawRuns(Self.runs(of: items), spacing: spacing)) <= maxWidth { return [items] }
        let (atoms, boundaries) = Self.breakableAtoms(items, language: language)
        var lines: [[LineItem]] = []
        var start = 0
        while start < atoms.count {
            // Binary search for the most atoms that fit.
            var low = start + 1, high = atoms.count, best = start + 1
            while low <= high {
                let mid = (low + high) / 2
                let candidate = Self.trimmed(Array(atoms[start..<mid]))
                if Self.fillRight(drawRuns(Self.runs(of: candidate), spacing: spacing)) <= maxWidth {
                    best = mid
                    low = mid + 1
                } else {
                    high = mid - 1
                }
            }
            // When the rest does not fit, end the line at its last phrase boundary, else at its
            // last allowed break (a break kinsoku forbids only when there is no other).
            if best < atoms.count {
                let candidates = stride(from: best, to: start, by: -1)
                if let k = candidates.first(where: { boundaries[$0] == .phrase }) ?? candidates.first(where: { boundaries[$0] == .withinPhrase }) {
                    best = k
                }
            }
            lines.append(Self.merged(Self.trimmed(Array(atoms[start..<best]))))
            start = best
            // Spaces at the start of the next line are dropped.
            while start < atoms.count, case .text(let t) = atoms[start], t.text.allSatisfy({ $0 == " " }) { start += 1 }
        }
        return lines
    }

    /// What kind of line end the boundary before an atom is.
    enum AtomBoundary: Sendable, Hashable {
        /// A break between phrases or words: the place to end a line.
        case phrase
        /// A break inside a Japanese phrase: only when the phrase is longer than a line.
        case withinPhrase
        /// Between two items where kinsoku forbids a break (`「` then a styled word).
        case forbidden
    }

    /// Items cut at every break opportunity (ruby whole).
    static func atoms(_ items: [LineItem], language: String?) -> [LineItem] {
        breakableAtoms(items, language: language).atoms
    }

    /// Items cut at every break opportunity (ruby whole), and `boundaries[k]`, the kind of break
    /// before atom `k` (`boundaries[atoms.count]` is the end, a phrase boundary).
    static func breakableAtoms(_ items: [LineItem], language: String?) -> (atoms: [LineItem], boundaries: [AtomBoundary]) {
        var out: [LineItem] = []
        var boundaries: [AtomBoundary] = [.phrase]
        func firstScalar(_ item: LineItem) -> Unicode.Scalar? {
            switch item {
            case .text(let t): t.text.unicodeScalars.first
            case .ruby(let base, _, _): base.lazy.compactMap { $0.text.unicodeScalars.first }.first
            }
        }
        func lastScalar(_ item: LineItem) -> Unicode.Scalar? {
            switch item {
            case .text(let t): t.text.unicodeScalars.last
            case .ruby(let base, _, _): base.reversed().lazy.compactMap { $0.text.unicodeScalars.last }.first
            }
        }
        /// Appends an atom; `inner` is the break before it inside a text item, nil between items
        /// (a break unless kinsoku forbids it).
        func append(_ atom: LineItem, inner: AtomBoundary?) {
            if let previous = out.last {
                if let inner {
                    boundaries.append(inner)
                } else if let before = lastScalar(previous), let after = firstScalar(atom),
                          !Kinsoku.allowsBreak(after: before, before: after) {
                    boundaries.append(.forbidden)
                } else {
                    boundaries.append(.phrase)
                }
            }
            out.append(atom)
        }
        for item in items {
            guard case .text(let t) = item else { append(item, inner: nil); continue }
            let breaks = (try? LineBreaking.opportunities(in: t.text, language: language)) ?? []
            var from = t.text.startIndex
            var inner: AtomBoundary?
            for b in breaks where b.index > from {
                var piece = t
                piece.text = String(t.text[from..<b.index])
                append(.text(piece), inner: inner)
                inner = b.isWithinPhrase ? .withinPhrase : .phrase
                from = b.index
            }
            if from < t.text.endIndex {
                var piece = t
                piece.text = String(t.text[from...])
                append(.text(piece), inner: inner)
            }
        }
        boundaries.append(.phrase)
        return (out, boundaries)
    }

    /// Without trailing spaces.
    static func trimmed(_ items: [LineItem]) -> [LineItem] {
        var items = items
        while case .text(var t)? = items.last {
            while t.text.last == " " { t.text.removeLast() }
            if t.text.isEmpty { items.removeLast() } else { items[items.count - 1] = .text(t); break }
        }
        return items
    }

    /// Adjacent text items in the same style joined again (so they shape as one: Arabic joining);
    /// tate-chū-yoko is not joined (each element's text is combined on its own).
    static func merged(_ items: [LineItem]) -> [LineItem] {
        var out: [LineItem] = []
        for item in items {
            if case .text(let t) = item, !t.combinesUpright, case .text(var last)? = out.last, last.sharesStyle(with: t) {
                last.text += t.text
                out[out.count - 1] = .text(last)
            } else {
                out.append(item)
            }
        }
        return out
    }
}

extension Color4 {
    /// An alpha value times an opacity (0…1), rounded.
    static func scaled(_ alpha: UInt8, by opacity: Double) -> UInt8 {
        UInt8((Double(alpha) * min(1, max(0, opacity))).rounded())
    }
}
