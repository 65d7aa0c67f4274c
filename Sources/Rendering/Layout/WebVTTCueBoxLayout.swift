import TimedText
import CaptionStyling
internal import TextScanning

/// W3C WebVTT §7.2, "Processing cue settings", for horizontal and vertical cues: the cue box on
/// the inline axis from the computed position, position alignment and size; on the block axis, a
/// line number (snap-to-lines) moved a line at a time until the cue is inside the title area and
/// its box clear of the boxes of the cues placed before it, or a percentage with its line
/// alignment, moved to the nearest free place along the block axis when it overlaps (the spec
/// also looks sideways). A cue box is `size` wide (100% by default), so two cues on one line
/// overlap even when their text does not, as in browsers. The title area is the frame, or the
/// part of it inside `LayoutOptions.titleSafe`.
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
        let (stacked, block) = stack(lines, left: boxStart + Int(padding), top: 0, boxWidth: boxLength - Int(2 * padding), alignment: textAlign)
        let area = safeArea
        // The inline axis: the lines inside the title area when they fit (only title-safe
        // margins move them).
        let dx = Self.shiftInside(block.x, block.width, area.x, area.maxX)
        // What other cues must not overlap: the cue box, `size` wide, as high as its lines.
        let box = PixelRect(x: boxStart + dx, y: 0, width: boxLength, height: block.height)
        let dy: Int
        var isObstacle = true
        switch layout.line {
        case .auto, .number:
            // Steps 11.2–11.10: the line number (auto is -1, the last line) times the first line's
            // height, from the top, or from the bottom for negative lines, which then move up.
            let step = lines[0].height
            let line = Self.clampedLineNumber(layout.line)
            let specified = line >= 0 ? line * step : height + line * step
            let snapped = snapToLines(box.moved(0, specified), first: PixelRect(x: box.x, y: specified, width: box.width, height: step),
                                      step: line >= 0 ? step : -step, vertical: false, area: area, others: scene.blocks)
            dy = specified + snapped.offset
            isObstacle = snapped.found
        case .fraction(let f):
            let y = f.doubleValue * Double(height)
            let top = switch layout.lineAlignment {
            case .start: Int(y.rounded())
            case .center: Int((y - Double(block.height) / 2).rounded())
            case .end: Int(y.rounded()) - block.height
            }
            dy = top + nearestFreePlace(box.moved(0, top), vertical: false, area: area, others: scene.blocks)
        }
        scene.lines += stacked.map { $0.offset(dx: dx, dy: dy) }
        if isObstacle { scene.blocks.append(box.moved(0, dy)) }
    }

    /// Vertical cues (`vertical:rl|lr`): columns of upright characters, the first column on the
    /// right of the block for `rl` (lines grow leftwards) and on its left for `lr`. The block is
    /// placed as W3C WebVTT §7.2 places it: a line number counts columns from the right edge for
    /// `rl` and from the left edge for `lr`, negative numbers from the other edge, so `auto` (-1,
    /// the last line) puts an `rl` cue at the left edge and an `lr` cue at the right one; a
    /// percentage is the block's left edge (moved left by half or all of its width for `center`
    /// or `end` line alignment). `position`/`size` apply top to bottom, each column aligned in the
    /// box by the text alignment (`start` at the top).
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
        let blockWidth = columns.count * step
        let rightToLeft = layout.writingDirection == .verticalRightToLeft
        // The columns relative to the block's left edge, each aligned on the inline (vertical) axis.
        var block = PixelRect(x: 0, y: 0, width: 0, height: 0)  // the columns' extent
        var laidOut: [(column: RasterLine, x: Int, y: Int)] = []
        for (i, column) in columns.enumerated() {
            let x = rightToLeft ? blockWidth - (i + 1) * step : i * step
            let y: Int = switch alignment {
            case .left: boxTop
            case .right: boxTop + boxHeight - column.boxHeight
            case .center: boxTop + (boxHeight - column.boxHeight) / 2
            }
            laidOut.append((column, x, y))
            block = block.union(PixelRect(x: x, y: y, width: step, height: max(1, column.boxHeight)))
        }
        let area = safeArea
        let dy = Self.shiftInside(block.y, block.height, area.y, area.maxY)
        // What other cues must not overlap: the cue box, `size` high, as wide as its columns.
        let box = PixelRect(x: 0, y: boxTop + dy, width: blockWidth, height: boxHeight)
        let left: Int
        var isObstacle = true
        switch layout.line {
        case .auto, .number:
            // Steps 11.4–11.10: vertical growing left (rl) adds one to the line and negates it, and
            // puts the block's right edge (its first column) there; lines below zero count from
            // the right edge of the frame.
            var line = Self.clampedLineNumber(layout.line)
            if rightToLeft { line = -(line + 1) }
            var position = line * step
            if rightToLeft { position += step - blockWidth }
            var signedStep = step
            if line < 0 {
                position += width
                signedStep = -step
            }
            let firstX = rightToLeft ? position + blockWidth - step : position
            let snapped = snapToLines(box.moved(position, 0), first: PixelRect(x: firstX, y: box.y, width: step, height: box.height),
                                      step: signedStep, vertical: true, area: area, others: scene.blocks)
            left = position + snapped.offset
            isObstacle = snapped.found
        case .fraction(let f):
            let x = f.doubleValue * Double(width)
            let specified = switch layout.lineAlignment {
            case .start: Int(x.rounded())
            case .center: Int((x - Double(blockWidth) / 2).rounded())
            case .end: Int(x.rounded()) - blockWidth
            }
            left = specified + nearestFreePlace(box.moved(specified, 0), vertical: true, area: area, others: scene.blocks)
        }
        for (column, x, y) in laidOut {
            scene.lines.append(column.offset(dx: left + x, dy: y + dy))
        }
        if isObstacle { scene.blocks.append(box.moved(left, 0)) }
    }

    /// A line number, `auto` as -1 (the last line: one track is drawn), bounded so that multiplying
    /// it by a line's height cannot overflow (any number beyond the frame lands where the largest does).
    static func clampedLineNumber(_ line: CueLayout.Line) -> Int {
        guard case .number(let n) = line else { return -1 }
        return min(max(n, -100_000), 100_000)
    }

    /// How far to move a span [start, start + length) so that it lies in [low, high): 0 when it
    /// does or when it is longer than the room.
    static func shiftInside(_ start: Int, _ length: Int, _ low: Int, _ high: Int) -> Int {
        guard length <= high - low else { return 0 }
        if start < low { return low - start }
        if start + length > high { return high - (start + length) }
        return 0
    }

    /// W3C WebVTT §7.2 step 11, snap-to-lines, from "step loop" on: how far `block` (whose first
    /// line box is `first`) moves along the block axis (down for horizontal cues, right for
    /// vertical ones), in whole `step`s, until it lies inside `area` and meets none of `others`.
    /// When the first line box would cross the area's edge in the direction of travel, it goes
    /// back to where it started and travels the other way. When neither way has room, the spec
    /// removes the cue (and Chromium draws nothing); here it is kept — a caption burned into a
    /// video is never silently lost — at its line if that is inside the area, otherwise moved
    /// just inside (its start at the area's start if it is larger than the area), and `found` is
    /// false: later cues do not avoid it, as they would not avoid a removed cue.
    func snapToLines(_ block: PixelRect, first: PixelRect, step: Int, vertical: Bool, area: PixelRect,
                     others: [PixelRect]) -> (offset: Int, found: Bool) {
        func low(_ r: PixelRect) -> Int { vertical ? r.x : r.y }
        func high(_ r: PixelRect) -> Int { vertical ? r.maxX : r.maxY }
        func moved(_ r: PixelRect, _ d: Int) -> PixelRect { vertical ? r.moved(d, 0) : r.moved(0, d) }
        let areaLow = low(area), areaHigh = high(area)
        func fallback() -> Int {
            if low(block) < areaLow || high(block) - low(block) > areaHigh - areaLow { return areaLow - low(block) }
            return high(block) > areaHigh ? areaHigh - high(block) : 0
        }
        guard step != 0 else { return (0, true) }
        var s = step, offset = 0, switched = false
        while true {
            let b = moved(block, offset), f = moved(first, offset)
            if low(b) >= areaLow && high(b) <= areaHigh && !others.contains(where: { $0.intersects(b) }) { return (offset, true) }
            if (s < 0 && low(f) < areaLow) || (s > 0 && high(f) > areaHigh) {
                if switched { return (fallback(), false) }
                switched = true
                s = -s
                offset = 0
                continue
            }
            // Steps that cannot bring the block inside are taken at once (a line number far
            // beyond the frame), never past the edge that turns it back.
            var steps = 1
            if s < 0 && high(b) > areaHigh {
                steps = min((high(b) - areaHigh + (-s) - 1) / (-s), (low(f) - areaLow) / (-s))
            } else if s > 0 && low(b) < areaLow {
                steps = min((areaLow - low(b) + s - 1) / s, (areaHigh - high(f)) / s)
            }
            offset += max(1, steps) * s
        }
    }

    /// W3C WebVTT §7.2 step 11, not snap-to-lines: when `block` overlaps one of `others` or is not
    /// inside `area`, the nearest place along the block axis where it is neither (the higher, or
    /// the more leftward, of two as near); where there is none, it stays.
    func nearestFreePlace(_ block: PixelRect, vertical: Bool, area: PixelRect, others: [PixelRect]) -> Int {
        let extent = vertical ? width : height
        for distance in 0...extent {
            for offset in distance == 0 ? [0] : [-distance, distance] {
                let b = vertical ? block.moved(offset, 0) : block.moved(0, offset)
                let inside = vertical ? b.x >= area.x && b.maxX <= area.maxX : b.y >= area.y && b.maxY <= area.maxY
                if inside && !others.contains(where: { $0.intersects(b) }) { return offset }
            }
        }
        return 0
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

    /// WebVTT regions (§7.1, the processing model's region steps): a box `width` wide and `lines`
    /// × 6vh high, its `regionAnchor` on the frame's `viewportAnchor`; the cues' lines fill it
    /// from the bottom, the newest last, and lines that no longer fit leave at the top (what
    /// `scroll:up` animates).
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
        // §7.1: the region is `lines` times 6vh high (1.2 em: 6vh at the default 5vh text), which
        // is a little more than the font's own line height that the lines are stacked by.
        let regionHeight = Int((1.2 * em * Double(max(1, region.lines ?? 3))).rounded())
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
