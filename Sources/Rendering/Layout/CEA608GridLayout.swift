import TimedText
import CaptionStyling

/// CEA-608 on its grid: 15 rows of 32 columns dividing the safe caption area evenly (80% of the
/// frame's width and height, centred — `LayoutOptions.cea608SafeArea`), a monospaced font whose
/// characters are spaced one cell apart, and each row's black box exactly over its cells.
///
/// The model places a 608 caption as ttconv does, on a 40 × 19 grid of the whole frame (the
/// `CEA608CueBuilder` comment): the top row r and leftmost column c come back as
/// r = line × 19 − 1 and c = position × 40 − 4, and the caption's lines are consecutive rows
/// from r. Roll-up captions are the same: their rows are the bottom rows of the roll-up window.
extension CaptionLayoutEngine {
    /// The safe caption area in pixels.
    var cea608Area: (x: Double, y: Double, cell: Double, row: Double) {
        let w = options.cea608SafeArea.x.doubleValue * Double(width)
        let h = options.cea608SafeArea.y.doubleValue * Double(height)
        return ((Double(width) - w) / 2, (Double(height) - h) / 2, w / 32, h / 15)
    }

    /// The top row (1…15) and column (0…31) of a cue laid out by `CEA608CueBuilder`.
    static func cea608Origin(_ layout: CueLayout, lineCount: Int) -> (row: Int, column: Int) {
        var row = 16 - lineCount
        if case .fraction(let f) = layout.line { row = Int((f.doubleValue * 19).rounded()) - 1 }
        let column = layout.position.map { Int(($0.doubleValue * 40).rounded()) - 4 } ?? 0
        return (min(max(row, 1), 15), min(max(column, 0), 31))
    }

    func layoutCEA608(_ cue: Cue, resolver: CaptionStyleResolver, language: String?, into scene: inout CaptionScene) {
        let area = cea608Area
        let probe = resolver.resolve(Self.formatStyle(.cea608Grid))
        let fontFamily = fonts.family(for: probe, text: "A")
        let scale = probe.textSizeScale.doubleValue
        let em = area.row / fonts.cellHeightPerEm(fontFamily)
        let text = prepare(cue, family: .cea608Grid, resolver: resolver, emSize: em)
        guard !text.isEmpty else { return }
        let (row, column) = Self.cea608Origin(cue.layout, lineCount: text.lines.count)
        // Characters one cell apart: the monospaced advance plus ASS letter spacing.
        var spacing = 0.0
        let pitch = area.cell * scale
        if probe.font.isMonospaced {
            let sample = StyledText(text: "MMMMMMMMMM", style: probe, emSize: em * scale)
            spacing = pitch - rasterizer.advance([sample]) / 10
        }
        let rowStep = Int((area.row * scale).rounded())
        var top = Int((area.y + Double(row - 1) * area.row).rounded())
        // A larger text size grows the caption downwards; keep it on the frame.
        top = min(top, height - rowStep * text.lines.count)
        let left = Int((area.x + Double(column) * area.cell).rounded())
        var block = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for (i, line) in text.lines.enumerated() {
            var raster = rasterizer.rasterize(line, spacing: spacing, horizontalPadding: 0)
            let characters = line.reduce(0) { $0 + $1.plainText.count }
            // 608's box covers the row's cells, not the glyphs' ink.
            raster.backgrounds = raster.backgrounds.map {
                (PixelRect(x: 0, y: $0.rect.y, width: Int((Double(characters) * pitch).rounded()), height: rowStep), $0.color)
            }
            let placed = raster.offset(dx: left, dy: top + i * rowStep + (rowStep - raster.height) / 2)
            scene.lines.append(placed)
            block = block.union(PixelRect(x: left, y: top + i * rowStep, width: Int(Double(characters) * pitch), height: rowStep))
        }
        scene.blocks.append(block)
    }
}
