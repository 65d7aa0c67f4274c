import TimedText
import CaptionStyling
internal import TextScanning

/// TTML regions (TTML2 §9.3 and §10.2): the region's box from `tts:origin` and `tts:extent`, its
/// content box inside `tts:padding`; lines wrapped to the content width, stacked in the region's
/// writing mode and aligned by `tts:displayAlign` (block axis) and the text alignment (inline
/// axis); the region's background drawn as the caption's window when `tts:showBackground`
/// allows. The cues of one region follow each other in document order.
extension CaptionLayoutEngine {
    func layoutTTMLRegion(_ region: Region, cues: [Cue], resolver: CaptionStyleResolver, language: String?, into scene: inout CaptionScene) {
        let box = regionBox(region)
        let padding = region.padding ?? Insets(top: .zero, right: .zero, bottom: .zero, left: .zero)
        // Each side's padding rounded to whole pixels, as the region's own edges are (cut off, a
        // 7.7 px padding would put the content a pixel left of where browsers draw it).
        let left = Int((padding.left.doubleValue * Double(width)).rounded()), right = Int((padding.right.doubleValue * Double(width)).rounded())
        let top = Int((padding.top.doubleValue * Double(height)).rounded()), bottom = Int((padding.bottom.doubleValue * Double(height)).rounded())
        let content = PixelRect(x: box.x + left, y: box.y + top, width: box.width - left - right, height: box.height - top - bottom)
        // One cell of the default 32 × 15 grid: TTML's initial font size.
        let em = Double(height) / 15
        appendWindow(of: region, box: box, resolver: resolver, into: &scene)
        let clip: PixelRect? = region.overflow == .hidden ? box : nil
        for cue in cues { if let image = cue.image { appendPicture(image, in: content, clip: clip, into: &scene) } }
        let firstLine = scene.lines.count
        let firstWindow = scene.windows.count
        // TTML2 §10.2.31: the region's opacity applies to every mark its content makes (after the
        // content's own), the paragraphs' backgrounds and the text alike; `appendWindow` has
        // applied it to the region's own background.
        let opacity = min(1, max(0, region.style.opacity?.doubleValue ?? 1))
        defer {
            for k in firstLine..<scene.lines.count {
                if let clip { scene.lines[k] = scene.lines[k].clipped(to: clip) }
                scene.lines[k] = scene.lines[k].fading(by: opacity)
            }
            if opacity < 1 {
                for k in firstWindow..<scene.windows.count { scene.windows[k].color.a = Color4.scaled(scene.windows[k].color.a, by: opacity) }
            }
        }
        let regionStyle = StyleProperties(fontFamilies: region.style.fontFamilies, fontSize: region.style.fontSize)

        if region.writingDirection != .horizontal {
            layoutColumns(region, cues: cues, content: content, em: em, resolver: resolver, regionStyle: regionStyle, language: language, into: &scene)
            scene.blocks.append(box)
            return
        }

        // Each line's box is the line height high (`normal`: the font's own line spacing), its
        // glyphs centred in it (CSS half-leading); a paragraph's background fills its lines'
        // boxes across the content width.
        var placed: [PlacedLine] = []
        var blockColors: [Color4?] = []
        var groupWidths: [Int: Int] = [:]
        for cue in cues {
            let text = prepare(cue, family: .ttmlRegions, resolver: resolver, emSize: em, extra: regionStyle)
            // The paragraph's stated direction (TTML always states one), else its first strong letter's.
            let stated = text.paragraphContentStyles.first?.direction ?? cue.style.direction
            let rtl = stated.map { $0 == .rtl } ?? ScalarFacts.firstStrongIsRightToLeft(cue.plainText[...]) ?? false
            let align = Self.horizontal(cue.layout.textAlignment, rightToLeft: rtl)
            let wraps = !Self.isNoWrap(cue)
            let lineHeight = Self.lineHeight(of: cue)
            let firstBlock = blockColors.count
            blockColors += text.paragraphs.map { p in
                let c = p.backgroundColor
                return c.alpha > 0 ? Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha) : nil
            }
            let cueStyle = Self.formatStyle(.ttmlRegions).overlaid(by: regionStyle).overlaid(by: cue.style)
            let firstOfCue = placed.count
            for (index, line) in text.lines.enumerated() {
                // The paragraphs the line is in, outermost first, numbered across the cues.
                var chain: [Int] = []
                var k = text.lineParagraph[index]
                while let p = k { chain.insert(firstBlock + p, at: 0); k = text.paragraphParents[p] }
                // Paragraph-level styles come from the line's own paragraph (a region's cue holds
                // all its paragraphs); lines outside any take the cue's.
                let paragraph = text.lineParagraph[index]
                let style = paragraph.map { text.paragraphContentStyles[$0] } ?? cueStyle
                let group = paragraph.map { firstBlock + $0 } ?? -1 - firstOfCue
                // EBU-TT-D: the lines aligned within their block by multiRowAlign, the block by textAlign.
                let rowAlign: HorizontalAlignment? = switch style.multiRowAlign ?? .auto {
                case .auto: nil
                case .start: rtl ? .right : .left
                case .center: .center
                case .end: rtl ? .left : .right
                }
                let padding = style.linePadding.map { Int(pixels($0, parent: em).rounded()) } ?? 0
                // Lines fill the content box exactly (less the line padding); backgrounds are the
                // glyphs' own extent (imscJS draws a span's background as CSS does, with no padding).
                let room = max(1, content.width - 2 * padding)
                let pieces = wraps ? rasterizer.wrap(line, maxWidth: room, language: language) : [line]
                for wrapped in pieces {
                    // The paragraph's first line has TTML's `outside` annotations over it, the others under.
                    let first = groupWidths[group] == nil
                    let raster = Self.padded(rasterizer.rasterize(wrapped, horizontalPadding: 0, firstLine: first), by: padding)
                    let strut = paragraph.map { (family: fonts.family(for: text.paragraphs[$0], text: ""), size: text.paragraphEmSizes[$0]) }
                    let box = self.lineBox(lineHeight, of: wrapped, strut: strut, em: em)
                    let height = max(1, Int(box.height.rounded()))
                    // The glyphs' baseline in the raster (libass puts it at the tallest run's ascent)
                    // goes on the line box's baseline.
                    let glyphTop = Int((box.baseline - rasterizer.ascent(LineRasterizer.runs(of: wrapped))).rounded())
                    let lineEm = LineRasterizer.runs(of: wrapped).map(\.emSize).max() ?? em
                    // The reserve is a line of annotation text that size high: its font's normal line spacing.
                    let spacing = fonts.normalLineHeightPerEm(strut?.family ?? fonts.fallbackFamily)
                    let reserved = Self.rubyReserve(style.rubyReserve, em: lineEm, lineSpacing: spacing) { pixels($0, parent: $1) }
                    placed.append(PlacedLine(line: raster, align: align, rowAlign: rowAlign, group: group, lineHeight: height, glyphTop: glyphTop,
                                             reserve: reserved, reserveSide: style.rubyReserve?.side ?? .none, blocks: chain,
                                             fillsGap: style.fillLineGap ?? false))
                    placed[placed.count - 1].shear = LineRasterizer.runs(of: wrapped).first?.shear ?? 0
                    groupWidths[group] = max(groupWidths[group] ?? 0, raster.width)
                }
            }
            Self.applyRubyReserve(to: &placed[firstOfCue...])
        }
        let total = placed.reduce(0) { $0 + $1.pitch }
        var y: Int = switch region.displayAlignment {
        case .before: content.y
        case .center: content.y + (content.height - total) / 2
        case .after: content.maxY - total
        }
        var spans = [(top: Int, bottom: Int)?](repeating: nil, count: blockColors.count)
        let firstPlaced = scene.lines.count
        var lineSpans: [(start: Int, length: Int)] = []
        for item in placed {
            var line = item.line
            let x: Int
            if let rowAlign = item.rowAlign {
                let blockWidth = groupWidths[item.group] ?? line.width
                x = Self.aligned(blockWidth, in: content, item.align) + Self.aligned(line.width, in: PixelRect(x: 0, y: 0, width: blockWidth, height: 0), rowAlign)
            } else {
                x = Self.aligned(line.width, in: content, item.align)
            }
            for b in item.blocks { spans[b] = (spans[b]?.top ?? y, y + item.pitch) }
            // Above the line box the line's annotations over it, then the reserve; below it the
            // reserve, then the annotations under it. imscJS stacks a reserve and an annotation
            // rather than letting one fill the other: the annotation keeps to the far side.
            let top = y + item.reserve.before + item.glyphTop
            if item.reserve.before > 0 || item.reserve.after > 0 {
                let lineBoxTop = line.rubyHeight, lineBoxBottom = line.rubyHeight + line.boxHeight
                line.images = line.images.map { image in
                    // An annotation's masks may reach a little into the line box (their tiles'
                    // padding, descenders): a mask centred outside the line box is an annotation's.
                    let middle = image.y + image.height / 2
                    if middle < lineBoxTop { return image.offset(dx: 0, dy: -item.reserve.before) }
                    if middle >= lineBoxBottom { return image.offset(dx: 0, dy: item.reserve.after) }
                    return image
                }
            }
            if item.fillsGap {
                // IMSC 1.1 itts:fillLineGap: inline backgrounds fill the line box, leaving no gap.
                line.backgrounds = line.backgrounds.map { (PixelRect(x: $0.rect.x, y: y - top, width: $0.rect.width, height: item.pitch), $0.color) }
            }
            scene.lines.append(line.offset(dx: x, dy: top))
            lineSpans.append((y, item.pitch))
            y += item.pitch
        }
        Self.applyShear(to: &scene.lines, from: firstPlaced, spans: lineSpans, groups: placed.map(\.group), shears: placed.map(\.shear), vertical: false)
        // Each paragraph's block, enclosing ones first, across the content width.
        for (b, color) in blockColors.enumerated() {
            guard let color, let span = spans[b] else { continue }
            let block = PixelRect(x: content.x, y: span.top, width: content.width, height: span.bottom - span.top)
            scene.windows.append((clip.map { block.intersection($0) } ?? block, color))
        }
        scene.blocks.append(box)
    }

    /// The region's background, drawn behind its content: while the region shows content, and
    /// also while it shows none when `tts:showBackground` is `always` (TTML2 §10.2.40). The
    /// region's `tts:opacity` multiplies it.
    /// A region that is a caption window (CEA-708) also has its border and drop shadow drawn
    /// (WindowBorder.swift).
    func appendWindow(of region: Region, box: PixelRect, resolver: CaptionStyleResolver, into scene: inout CaptionScene) {
        guard region.style.visibility != .hidden else { return }
        appendWindowShadow(of: region, box: box, into: &scene)
        let window = resolver.window(content: region.style.backgroundColor)
        let opacity = region.style.opacity?.doubleValue ?? 1
        let alpha = UInt8((Double(window.alpha) * min(1, max(0, opacity))).rounded())
        if alpha > 0 { scene.windows.append((box, Color4(r: window.red, g: window.green, b: window.blue, a: alpha))) }
        appendWindowBorder(of: region, box: box, into: &scene)
    }

    /// A cue's picture: its own extent (IMSC 1.1 `image` `tts:extent`) from the content box's
    /// top-left corner, or the whole content box (an IMSC 1.0 image region is the image's size),
    /// scaled to it and clipped to the region when it hides overflow.
    func appendPicture(_ image: CueImage, in content: PixelRect, clip: PixelRect?, into scene: inout CaptionScene) {
        guard let bitmap = images.bitmap(for: image) else { return }
        var target = content
        if let extent = image.extent {
            target.width = Int((extent.x.doubleValue * Double(width)).rounded())
            target.height = Int((extent.y.doubleValue * Double(height)).rounded())
        }
        guard target.width > 0, target.height > 0 else { return }
        let scaled = bitmap.scaled(toWidth: target.width, height: target.height)
        let shown = clip.map { target.intersection($0) } ?? target
        guard !shown.isEmpty, let cropped = scaled.cropped(to: shown.moved(-target.x, -target.y)) else { return }
        scene.pictures.append(Overlay(x: shown.x, y: shown.y, bitmap: cropped))
    }

    /// The pixel box of a TTML region on the frame (`tts:origin`, `tts:extent`).
    func regionBox(_ region: Region) -> PixelRect {
        let origin = region.origin ?? Point(x: .zero, y: .zero)
        let extent = region.extent ?? Point(x: .one, y: .one)
        return PixelRect(x: Int((origin.x.doubleValue * Double(width)).rounded()), y: Int((origin.y.doubleValue * Double(height)).rounded()),
                         width: Int((extent.x.doubleValue * Double(width)).rounded()), height: Int((extent.y.doubleValue * Double(height)).rounded()))
    }

    /// True when the cue's text must not wrap (`tts:wrapOption="noWrap"` on the cue or on any of
    /// its spans: TTML content wraps per paragraph, and the model keeps a paragraph's own style
    /// on the span it becomes).
    static func isNoWrap(_ cue: Cue) -> Bool {
        if cue.style.textWrap == .noWrap { return true }
        func scan(_ nodes: [InlineNode]) -> Bool {
            nodes.contains { node in
                if case .span(let span) = node { return span.style.textWrap == .noWrap || scan(span.children) }
                return false
            }
        }
        return scan(cue.content)
    }

    /// The line height a cue asks for (`tts:lineHeight` on the cue, else on the first span that
    /// sets it: a paragraph's own value is carried on its span).
    static func lineHeight(of cue: Cue) -> StyleProperties.LineHeight {
        func scan(_ nodes: [InlineNode]) -> StyleProperties.LineHeight? {
            for node in nodes {
                guard case .span(let span) = node else { continue }
                if let value = span.style.lineHeight { return value }
                if let value = scan(span.children) { return value }
            }
            return nil
        }
        return scan(cue.content) ?? cue.style.lineHeight ?? .normal
    }

    /// A line's box (TTML2 §10.2.27, laid out as CSS does, as imscJS has the browser do): every
    /// run's inline box and the paragraph's strut (its own font and size, `strut`) share a
    /// baseline, each box its font's ascent and descent with half the leading (line height less
    /// the font's height) added above and below; the line box encloses them all. The line height
    /// is, for each box, `normal` (its font's own line spacing), a multiple of its size, or a
    /// length (of the paragraph's size, on which TTML computes it). `em` is the size of a line
    /// with neither runs nor a paragraph. Returns the height and the baseline's depth from the top.
    func lineBox(_ lineHeight: StyleProperties.LineHeight, of items: [LineItem], strut: (family: String, size: Double)?,
                 em: Double) -> (height: Double, baseline: Double) {
        var boxes = LineRasterizer.runs(of: items).filter { !$0.text.isEmpty }
            .map { (family: fonts.family(for: $0.style, text: Substring($0.text)), size: $0.emSize) }
        if let strut { boxes.append(strut) }
        if boxes.isEmpty { boxes = [(fonts.fallbackFamily, em)] }
        let paragraphSize = strut?.size ?? boxes.map(\.size).max() ?? em
        var above = 0.0, below = 0.0
        for box in boxes {
            let content = box.size * fonts.cellHeightPerEm(box.family)
            let ascent = content * fonts.ascentShareOfCell(box.family)
            let height: Double = switch lineHeight {
            case .normal: box.size * fonts.normalLineHeightPerEm(box.family)
            case .multiple(let f): f.doubleValue * box.size
            case .length(let l): pixels(l, parent: paragraphSize)
            }
            let halfLeading = (height - content) / 2
            above = max(above, ascent + halfLeading)
            below = max(below, content - ascent + halfLeading)
        }
        return (max(0, above + below), above)
    }

    /// One line of a horizontal region, rasterised, with what placing it needs.
    struct PlacedLine {
        var line: RasterLine
        /// The paragraph's text alignment, and its multiRowAlign (nil for `auto`) within the
        /// block of the lines of `group` (one cue's).
        var align: HorizontalAlignment
        var rowAlign: HorizontalAlignment?
        var group: Int
        /// The line box's height from the line height, before any ruby space.
        var lineHeight: Int
        /// Where the top of the line's glyph box (its raster without ruby) is in the line box.
        var glyphTop: Int
        /// The ruby space kept above and below the line box (`tts:rubyReserve`), and the side
        /// the paragraph asks for it on.
        var reserve: (before: Int, after: Int)
        var reserveSide: StyleProperties.RubyReserve.Side
        /// The paragraphs (their blocks' indices) the line is in, outermost first.
        var blocks: [Int]
        /// True with `itts:fillLineGap`.
        var fillsGap: Bool
        /// The paragraph's `tts:shear` (a proportion of 90°), which moves the line (`applyShear`).
        var shear: Double = 0

        /// The line's whole height in the stack: ruby space and reserve above, line box, below.
        var pitch: Int { line.rubyHeight + reserve.before + lineHeight + line.rubyBelowHeight + reserve.after }
    }

    static func horizontal(_ alignment: CueLayout.TextAlignment, rightToLeft rtl: Bool) -> HorizontalAlignment {
        switch alignment {
        case .left: .left
        case .right: .right
        case .start: rtl ? .right : .left
        case .end: rtl ? .left : .right
        case .center: .center
        }
    }

    /// The left edge of something `width` wide aligned in `box`.
    static func aligned(_ width: Int, in box: PixelRect, _ alignment: HorizontalAlignment) -> Int {
        switch alignment {
        case .left: box.x
        case .right: box.maxX - width
        case .center: box.x + (box.width - width) / 2
        }
    }

    /// EBU-TT-D `ebutts:linePadding`: the line's text moved in by `padding` pixels at each end,
    /// and the backgrounds at the line's start and end stretched out over that padding.
    static func padded(_ line: RasterLine, by padding: Int) -> RasterLine {
        guard padding > 0 else { return line }
        var out = line.offset(dx: padding, dy: 0)
        out.backgrounds = out.backgrounds.map { box in
            var rect = box.rect
            if rect.x <= padding + 1 { rect = PixelRect(x: rect.x - padding, y: rect.y, width: rect.width + padding, height: rect.height) }
            if rect.maxX >= line.width + padding - 1 { rect = PixelRect(x: rect.x, y: rect.y, width: rect.width + padding, height: rect.height) }
            return (rect, box.color)
        }
        out.width = line.width + 2 * padding
        return out
    }

    /// The ruby space `tts:rubyReserve` keeps for a line (TTML2 §10.2.40), in pixels: its length,
    /// or for `auto` the size of an annotation (half the line's font size). The side is settled
    /// per line by `applyRubyReserve`; this is the amount.
    /// `lineSpacing` is the annotation font's normal line height per em: the reserve is as high as
    /// a line of annotation text at the reserved size, as imscJS's renderings show.
    static func rubyReserve(_ reserve: StyleProperties.RubyReserve?, em: Double, lineSpacing: Double = 1,
                            pixels: (StyleProperties.Length, Double) -> Double) -> (before: Int, after: Int) {
        guard let reserve, reserve.side != .none else { return (0, 0) }
        let amount = Int(((reserve.length.map { pixels($0, em) } ?? em / 2) * lineSpacing).rounded())
        return (amount, amount)
    }

    /// Puts each line's reserve on the sides its paragraph names: `before` above every line,
    /// `after` below, `both` on both; `outside` (where IMSC puts annotations by default) above
    /// the paragraph's first line and below its last, above the lines between.
    static func applyRubyReserve(to lines: inout ArraySlice<PlacedLine>) {
        for i in lines.indices {
            let amount = lines[i].reserve.before
            let group = lines[i].group
            let isFirst = i == lines.startIndex || lines[i - 1].group != group
            let isLast = i == lines.endIndex - 1 || lines[i + 1].group != group
            switch lines[i].reserveSide {
            case .none: lines[i].reserve = (0, 0)
            case .before: lines[i].reserve = (amount, 0)
            case .after: lines[i].reserve = (0, amount)
            case .both: lines[i].reserve = (amount, amount)
            case .outside: lines[i].reserve = isLast && !isFirst ? (0, amount) : (amount, 0)
            }
        }
    }

    static func firstEm(_ item: LineItem) -> Double {
        switch item {
        case .text(let t): t.emSize
        case .ruby(let base, _, _): base.first?.emSize ?? 0
        }
    }
}
