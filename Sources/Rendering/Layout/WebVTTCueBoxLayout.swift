import TimedText
import CaptionStyling
internal import TextScanning

/// W3C WebVTT §7.2, "Processing cue settings", for horizontal and vertical cues, with the
/// overlap avoidance of snap-to-lines cues (§7.2 step 10 onwards, simplified: a cue that
/// overlaps an earlier one moves a line at a time, up for `auto` and negative lines, down for
/// positive ones, until it is clear or would leave the frame, where it stays at its first place).
extension CaptionLayoutEngine {
    func layoutWebVTT(_ cue: Cue, resolver: CaptionStyleResolver, family: LayoutFamily, language: String?, into scene: inout CaptionScene) {
        let em = options.subtitleTextHeight.doubleValue * Double(height)
        let text = prepare(cue, family: family, resolver: resolver, emSize: em)
        guard !text.isEmpty else { return }
        let layout = cue.layout
        let rtl = ScalarFacts.firstStrongIsRightToLeft(cue.plainText[...]) ?? false
        let vertical = layout.writingDirection != .horizontal
        let inlineExtent = Double(vertical ? height : width)

        // Steps 2–5: computed position (start and end at the line's edges, as browsers place
        // them), position alignment, maximum size, the box on the inline axis.
        let position = layout.computedPosition(rightToLeft: rtl).doubleValue
        let alignment = layout.computedPositionAlignment(rightToLeft: rtl)
        let maximum: Double = switch alignment {
        case .lineLeft: 1 - position
        case .lineRight: position
        default: position <= 0.5 ? position * 2 : (1 - position) * 2
        }
        let size = min(layout.size.doubleValue, maximum)
        let start: Double = switch alignment {
        case .lineLeft: position
        case .lineRight: position - size
        default: position - size / 2
        }
        let boxStart = Int((start * inlineExtent).rounded())
        let boxLength = max(1, Int((size * inlineExtent).rounded()))
        let textAlign: HorizontalAlignment = switch layout.textAlignment {
        case .left: .left
        case .right: .right
        case .start: rtl ? .right : .left
        case .end: rtl ? .left : .right
        case .center: .center
        }
        let padding = em * 0.25

        if vertical {
            layoutVerticalCue(text, layout: layout, boxTop: boxStart, boxHeight: boxLength, em: em, padding: padding,
                              alignment: textAlign, language: language, into: &scene)
            return
        }

        var lines: [RasterLine] = []
        for line in text.lines {
            for wrapped in rasterizer.wrap(line, maxWidth: max(1, boxLength - Int(2 * padding)), language: language) {
                lines.append(rasterizer.rasterize(wrapped, horizontalPadding: padding))
            }
        }
        guard !lines.isEmpty else { return }
        let total = lines.reduce(0) { $0 + $1.height }
        let step = lines[0].height
        // Step 10: the block axis.
        var top: Int
        var moveBy = 0
        switch layout.line {
        case .auto:
            top = height - total
            moveBy = -step
        case .number(let n):
            if n >= 0 {
                top = n * step
                moveBy = step
            } else {
                top = height + (n + 1) * step - total
                moveBy = -step
            }
        case .fraction(let f):
            let y = f.doubleValue * Double(height)
            top = switch layout.lineAlignment {
            case .start: Int(y.rounded())
            case .center: Int((y - Double(total) / 2).rounded())
            case .end: Int(y.rounded()) - total
            }
            moveBy = top + total / 2 > height / 2 ? -step : step
        }
        var (placed, block) = stack(lines, left: boxStart + Int(padding), top: top, boxWidth: boxLength - Int(2 * padding), alignment: textAlign)
        // Title-safe: move the block inside the safe area when it crosses it.
        let safe = safeArea
        var dy = 0, dx = 0
        if block.y < safe.y { dy = safe.y - block.y } else if block.maxY > safe.maxY { dy = safe.maxY - block.maxY }
        if block.width <= safe.width {
            if block.x < safe.x { dx = safe.x - block.x } else if block.maxX > safe.maxX { dx = safe.maxX - block.maxX }
        }
        // Overlap avoidance against blocks already placed.
        let first = block.moved(dx, dy)
        var candidate = first
        while scene.blocks.contains(where: { $0.intersects(candidate) }) {
            candidate = candidate.moved(0, moveBy)
            if candidate.y < 0 || candidate.maxY > height { candidate = first; break }
        }
        dy += candidate.y - first.y
        placed = placed.map { $0.offset(dx: dx, dy: dy) }
        block = block.moved(dx, dy)
        scene.lines += placed
        scene.blocks.append(block)
    }

    /// Vertical cues (`vertical:rl|lr`): columns of upright characters; the first column at the
    /// right (rl) or left (lr) edge for `line:auto`, or `line` columns in; the column's start at
    /// the box's top (`position`/`size` apply top to bottom).
    func layoutVerticalCue(_ text: PreparedText, layout: CueLayout, boxTop: Int, boxHeight: Int, em: Double, padding: Double,
                           alignment: HorizontalAlignment, language: String?, into scene: inout CaptionScene) {
        var columns: [RasterLine] = []
        for line in text.lines {
            for piece in columnPieces(line, maxLength: boxHeight, em: em, language: language) {
                columns.append(rasterizer.rasterizeColumn(piece, horizontalPadding: padding))
            }
        }
        guard !columns.isEmpty else { return }
        let step = columns[0].width
        let rightToLeft = layout.writingDirection == .verticalRightToLeft
        let safe = safeArea
        var edge: Int  // the block's starting edge: right edge for rl, left edge for lr
        switch layout.line {
        case .auto: edge = rightToLeft ? safe.maxX : safe.x
        case .number(let n):
            let k = n >= 0 ? n : n + 1
            edge = rightToLeft ? (n >= 0 ? width - k * step : -k * step + columns.count * step) : (n >= 0 ? k * step : width + k * step - columns.count * step)
        case .fraction(let f): edge = Int((f.doubleValue * Double(width)).rounded())
        }
        var block = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (i, column) in columns.enumerated() {
            let x = rightToLeft ? edge - (i + 1) * step : edge + i * step
            let y: Int = switch alignment {
            case .left: boxTop
            case .right: boxTop + boxHeight - column.boxHeight
            case .center: boxTop + (boxHeight - column.boxHeight) / 2
            }
            scene.lines.append(column.offset(dx: x, dy: y))
            block = block.union(PixelRect(x: x, y: y, width: step, height: max(1, column.boxHeight)))
        }
        scene.blocks.append(block)
    }

    /// A line cut into columns of at most `maxLength` pixels (one em a character), at ICU's break
    /// opportunities (between any two ideographs in Japanese, outside kinsoku pairs).
    func columnPieces(_ items: [LineItem], maxLength: Int, em: Double, language: String?) -> [[LineItem]] {
        let atoms = LineRasterizer.atoms(items, language: language)
        var columns: [[LineItem]] = [[]]
        var length = 0.0
        for atom in atoms {
            let n = columnLength(atom, em: em)
            // Spaces at a column's end hang (CSS Text §4.1.3): only the atom's text must fit.
            let visible = LineRasterizer.trimmed([atom]).first.map { columnLength($0, em: em) } ?? 0
            if length + visible > Double(maxLength), length > 0 {
                columns.append([])
                length = 0
            }
            columns[columns.count - 1].append(atom)
            length += n
        }
        return columns.map(LineRasterizer.merged)
    }

    /// How long a piece is in a column, in pixels: upright CJK characters one em each, text
    /// turned sideways (Latin, digits) its advance, as `LineRasterizer.rasterizeColumn` draws them.
    func columnLength(_ atom: LineItem, em: Double) -> Double {
        let runs: [StyledText] = switch atom {
        case .text(let t): [t]
        case .ruby(let base, _, _): base
        }
        var total = 0.0
        for run in runs {
            // Tate-chū-yoko takes one em, whatever its text.
            if run.combinesUpright { total += run.emSize; continue }
            var sideways = run
            sideways.text = String(run.text.filter { ch in !ch.unicodeScalars.contains { ScalarFacts.isCJK($0) } })
            let upright = run.text.count - sideways.text.count
            total += Double(upright) * run.emSize
            if !sideways.text.isEmpty { total += rasterizer.advance([sideways]) }
        }
        return total
    }

    /// WebVTT regions (§7.2 "regions"): a box `width` wide and `lines` lines high, its
    /// `regionAnchor` on the frame's `viewportAnchor`; the cues' lines fill it from the bottom, the
    /// newest last, and lines that no longer fit leave at the top (what `scroll:up` animates).
    func layoutWebVTTRegion(_ region: Region, cues: [Cue], resolver: CaptionStyleResolver, language: String?, into scene: inout CaptionScene) {
        let em = options.subtitleTextHeight.doubleValue * Double(height)
        let regionWidth = Int(((region.width ?? .one).doubleValue * Double(width)).rounded())
        let padding = em * 0.25
        var lines: [RasterLine] = []
        var aligns: [HorizontalAlignment] = []
        for cue in cues {
            let text = prepare(cue, family: .cueBoxes, resolver: resolver, emSize: em)
            let align: HorizontalAlignment = switch cue.layout.textAlignment {
            case .left, .start: .left
            case .right, .end: .right
            case .center: .center
            }
            for line in text.lines {
                for wrapped in rasterizer.wrap(line, maxWidth: max(1, regionWidth - Int(2 * padding)), language: language) {
                    lines.append(rasterizer.rasterize(wrapped, horizontalPadding: padding))
                    aligns.append(align)
                }
            }
        }
        let step = lines.first?.height ?? Int(em * fonts.cellHeightPerEm(fonts.fallbackFamily))
        let regionHeight = step * max(1, region.lines ?? 3)
        let regionAnchor = region.regionAnchor ?? Point(x: .zero, y: .one)
        let viewportAnchor = region.viewportAnchor ?? Point(x: .zero, y: .one)
        let left = Int((viewportAnchor.x.doubleValue * Double(width) - regionAnchor.x.doubleValue * Double(regionWidth)).rounded())
        let top = Int((viewportAnchor.y.doubleValue * Double(height) - regionAnchor.y.doubleValue * Double(regionHeight)).rounded())
        let box = PixelRect(x: left, y: top, width: regionWidth, height: regionHeight)
        let window = resolver.window(content: region.style.backgroundColor)
        scene.windows.append((box, Color4(r: window.red, g: window.green, b: window.blue, a: window.alpha)))
        var y = box.maxY
        for (line, align) in zip(lines, aligns).reversed() {
            y -= line.height
            if y < box.y { break }
            let inner = regionWidth - Int(2 * padding)
            let x: Int = switch align {
            case .left: left + Int(padding)
            case .right: left + Int(padding) + inner - line.width
            case .center: left + Int(padding) + (inner - line.width) / 2
            }
            scene.lines.append(line.offset(dx: x, dy: y))
        }
        scene.blocks.append(box)
    }
}
