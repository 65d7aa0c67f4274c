import TimedText
import CaptionStyling

/// TTML regions (TTML2 §9.3 and §10.2): the region's box from `tts:origin` and `tts:extent`, its
/// content box inside `tts:padding`; lines wrapped to the content width, stacked in the region's
/// writing mode and aligned by `tts:displayAlign` (block axis) and the text alignment (inline
/// axis); the region's background drawn as the caption's window when `tts:showBackground`
/// allows. The cues of one region follow each other in document order.
extension CaptionLayoutEngine {
    func layoutTTMLRegion(_ region: Region, cues: [Cue], resolver: CaptionStyleResolver, language: String?, into scene: inout CaptionScene) {
        let origin = region.origin ?? Point(x: .zero, y: .zero)
        let extent = region.extent ?? Point(x: .one, y: .one)
        let box = PixelRect(x: Int((origin.x.doubleValue * Double(width)).rounded()), y: Int((origin.y.doubleValue * Double(height)).rounded()),
                            width: Int((extent.x.doubleValue * Double(width)).rounded()), height: Int((extent.y.doubleValue * Double(height)).rounded()))
        let padding = region.padding ?? Insets(top: .zero, right: .zero, bottom: .zero, left: .zero)
        let content = PixelRect(x: box.x + Int(padding.left.doubleValue * Double(width)), y: box.y + Int(padding.top.doubleValue * Double(height)),
                                width: box.width - Int((padding.left.doubleValue + padding.right.doubleValue) * Double(width)),
                                height: box.height - Int((padding.top.doubleValue + padding.bottom.doubleValue) * Double(height)))
        // One cell of the default 32 × 15 grid: TTML's initial font size.
        let em = Double(height) / 15
        let window = resolver.window(content: region.style.backgroundColor)
        scene.windows.append((box, Color4(r: window.red, g: window.green, b: window.blue, a: window.alpha)))
        let regionStyle = StyleProperties(fontFamilies: region.style.fontFamilies, fontSize: region.style.fontSize)

        if region.writingDirection != .horizontal {
            var columns: [RasterLine] = []
            for cue in cues {
                let text = prepare(cue, family: .ttmlRegions, resolver: resolver, emSize: em, extra: regionStyle)
                for line in text.lines {
                    for piece in columnPieces(line, maxLength: content.height, em: line.first.map(Self.firstEm) ?? em, language: language) {
                        columns.append(rasterizer.rasterizeColumn(piece, horizontalPadding: em * 0.1))
                    }
                }
            }
            let total = columns.reduce(0) { $0 + $1.width }
            let rightToLeft = region.writingDirection == .verticalRightToLeft
            // displayAlign runs along the block axis, which is horizontal here.
            var x: Int = switch region.displayAlignment {
            case .before: rightToLeft ? content.maxX : content.x
            case .center: rightToLeft ? content.maxX - (content.width - total) / 2 : content.x + (content.width - total) / 2
            case .after: rightToLeft ? content.x + total : content.maxX - total
            }
            for column in columns {
                if rightToLeft { x -= column.width }
                let y: Int = switch cues.first?.layout.textAlignment ?? .start {
                case .center: content.y + (content.height - column.boxHeight) / 2
                case .end, .right: content.maxY - column.boxHeight
                default: content.y
                }
                scene.lines.append(column.offset(dx: x, dy: y))
                if !rightToLeft { x += column.width }
            }
            scene.blocks.append(box)
            return
        }

        var lines: [RasterLine] = []
        var aligns: [HorizontalAlignment] = []
        for cue in cues {
            let text = prepare(cue, family: .ttmlRegions, resolver: resolver, emSize: em, extra: regionStyle)
            let rtl = TextScript.firstStrongIsRightToLeft(cue.plainText)
            let align: HorizontalAlignment = switch cue.layout.textAlignment {
            case .left: .left
            case .right: .right
            case .start: rtl ? .right : .left
            case .end: rtl ? .left : .right
            case .center: .center
            }
            for line in text.lines {
                let lineEm = line.first.map(Self.firstEm) ?? em
                for wrapped in rasterizer.wrap(line, maxWidth: max(1, content.width - Int(lineEm * 0.5)), language: language) {
                    lines.append(rasterizer.rasterize(wrapped, horizontalPadding: lineEm * 0.2))
                    aligns.append(align)
                }
            }
        }
        let total = lines.reduce(0) { $0 + $1.height }
        var y: Int = switch region.displayAlignment {
        case .before: content.y
        case .center: content.y + (content.height - total) / 2
        case .after: content.maxY - total
        }
        let inset = Int(em * 0.2)
        for (line, align) in zip(lines, aligns) {
            let x: Int = switch align {
            case .left: content.x + inset
            case .right: content.maxX - inset - line.width
            case .center: content.x + (content.width - line.width) / 2
            }
            scene.lines.append(line.offset(dx: x, dy: y))
            y += line.height
        }
        scene.blocks.append(box)
    }

    static func firstEm(_ item: LineItem) -> Double {
        switch item {
        case .text(let t): t.emSize
        case .ruby(let base, _): base.first?.emSize ?? 0
        }
    }
}
