import TimedText
import CaptionStyling

/// TTML regions in a vertical writing mode (`tbrl`, `tblr`): each line of a cue cut into
/// columns no longer than the content box is high, the columns one line height apart (the
/// line height is the column's width, as it is a line's height in horizontal text), stacked
/// right to left or left to right from the side `tts:displayAlign` names, each placed along
/// the column by its own cue's text alignment.
extension CaptionLayoutEngine {
    func layoutColumns(_ region: Region, cues: [Cue], content: PixelRect, em: Double, resolver: CaptionStyleResolver,
                       regionStyle: StyleProperties, language: String?, into scene: inout CaptionScene) {
        let rightToLeft = region.writingDirection == .verticalRightToLeft
        var columns: [(line: RasterLine, align: CueLayout.TextAlignment, group: Int, shear: Double)] = []
        // Each paragraph's background (numbered across the cues), and the paragraphs each column
        // is in, outermost first: a block behind its columns, as in horizontal regions.
        var blockColors: [Color4?] = []
        var columnBlocks: [[Int]] = []
        for (cueIndex, cue) in cues.enumerated() {
            let text = prepare(cue, family: .ttmlRegions, resolver: resolver, emSize: em, extra: regionStyle, vertical: true)
            let firstBlock = blockColors.count
            blockColors += text.paragraphs.map { p in
                let c = p.backgroundColor
                return c.alpha > 0 ? Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha) : nil
            }
            let lineHeight = Self.lineHeight(of: cue)
            var started: Set<Int> = []
            for (index, line) in text.lines.enumerated() {
                // The paragraph's first column has TTML's `outside` annotations on its before side.
                let paragraph = text.lineParagraph[index] ?? -1
                for piece in columnPieces(line, maxLength: content.height, em: line.first.map(Self.firstEm) ?? em, language: language) {
                    let pitch = lineBox(lineHeight, of: piece, strut: nil, em: em).height
                    let first = started.insert(paragraph).inserted
                    let column = rasterizer.rasterizeColumn(piece, horizontalPadding: em * 0.1, lineWidth: pitch,
                                                            blockLeftToRight: !rightToLeft, firstLine: first)
                    columns.append((column, cue.layout.textAlignment, cueIndex, LineRasterizer.runs(of: piece).first?.shear ?? 0))
                    var chain: [Int] = []
                    var k = text.lineParagraph[index]
                    while let p = k { chain.insert(firstBlock + p, at: 0); k = text.paragraphParents[p] }
                    columnBlocks.append(chain)
                }
            }
        }
        let total = columns.reduce(0) { $0 + $1.line.width }
        // displayAlign runs along the block axis, which is horizontal here.
        var x: Int = switch region.displayAlignment {
        case .before: rightToLeft ? content.maxX : content.x
        case .center: rightToLeft ? content.maxX - (content.width - total) / 2 : content.x + (content.width - total) / 2
        case .after: rightToLeft ? content.x + total : content.maxX - total
        }
        let firstPlaced = scene.lines.count
        var spans: [(start: Int, length: Int)] = []
        for (column, align, _, _) in columns {
            if rightToLeft { x -= column.width }
            spans.append((x, column.width))
            // The inline axis runs down: start is the top, end the bottom.
            let y: Int = switch align {
            case .center: content.y + (content.height - column.boxHeight) / 2
            case .end, .right: content.maxY - column.boxHeight
            default: content.y
            }
            scene.lines.append(column.offset(dx: x, dy: y))
            if !rightToLeft { x += column.width }
        }
        Self.applyShear(to: &scene.lines, from: firstPlaced, spans: spans, groups: columns.map(\.group), shears: columns.map(\.shear), vertical: true)
        // Each paragraph's block: across its columns, down the whole content box (the inline
        // axis), enclosing ones first.
        var extents = [(minX: Int, maxX: Int)?](repeating: nil, count: blockColors.count)
        for (k, chain) in columnBlocks.enumerated() {
            for b in chain {
                let span = spans[k]
                extents[b] = (min(extents[b]?.minX ?? span.start, span.start), max(extents[b]?.maxX ?? span.start + span.length, span.start + span.length))
            }
        }
        for (b, color) in blockColors.enumerated() {
            guard let color, let extent = extents[b] else { continue }
            let block = PixelRect(x: extent.minX, y: content.y, width: extent.maxX - extent.minX, height: content.height)
            scene.windows.append((region.overflow == .hidden ? block.intersection(regionBox(region)) : block, color))
        }
    }
}
