/// TTML `tts:shear` on a paragraph (IMSC 1.1) slants the whole paragraph, as the reference
/// renderer's skew of the paragraph's box about its centre does: besides each glyph's slant
/// (drawn by libass), each line moves along the inline axis in proportion to its distance from
/// the block's centre. Horizontal lines above the centre move right, below it left; columns
/// right of the centre move up, left of it down (the same skew turned with the text).
extension CaptionLayoutEngine {
    /// Moves `lines[first + k]` for each placed line k, whose span across the block axis is
    /// `spans[k]` (top and height for horizontal lines, left and width for columns), by its
    /// paragraph's (`groups[k]`) shear `shears[k]`: along x for horizontal lines, y for columns.
    static func applyShear(to lines: inout [RasterLine], from first: Int, spans: [(start: Int, length: Int)], groups: [Int],
                           shears: [Double], vertical: Bool) {
        guard shears.contains(where: { $0 != 0 }) else { return }
        var extents: [Int: (low: Int, high: Int)] = [:]
        for (k, span) in spans.enumerated() {
            let old = extents[groups[k]]
            extents[groups[k]] = (min(old?.low ?? span.start, span.start), max(old?.high ?? span.start + span.length, span.start + span.length))
        }
        for (k, span) in spans.enumerated() where shears[k] != 0 && first + k < lines.count {
            guard let extent = extents[groups[k]] else { continue }
            let centre = Double(extent.low + extent.high) / 2
            let own = Double(span.start) + Double(span.length) / 2
            let shift = Int((LineRasterizer.shearFactor(shears[k]) * (centre - own)).rounded())
            lines[first + k] = vertical ? lines[first + k].offset(dx: 0, dy: shift) : lines[first + k].offset(dx: shift, dy: 0)
        }
    }
}
