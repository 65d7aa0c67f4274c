import CaptionStyling

/// Runs whose baseline is raised or lowered (superscripts and subscripts), which ASS cannot
/// say within one event: the line is drawn with those runs hidden (so that they keep their
/// advance), and each of them is drawn again on its own at its place along the line, its
/// baseline the line's moved by its shift.
extension LineRasterizer {
    func drawShiftedRuns(_ runs: [StyledText], spacing: Double) -> [RasterImage] {
        var hidden = runs
        for i in hidden.indices where hidden[i].baselineShift != 0 { hidden[i].style.visible = false }
        var images = render(["{\\an7\\pos(\(pad),\(pad))}" + assText(hidden, spacing: spacing)], dx: -pad, dy: -pad)
            .filter { $0.color.a > 0 }
        let unshifted = runs.filter { $0.baselineShift == 0 }
        let baseline = ascent(unshifted.isEmpty ? runs : unshifted)
        for (i, run) in runs.enumerated() where run.baselineShift != 0 && !run.text.isEmpty {
            let x = i == 0 ? 0 : advance(Array(runs[..<i]))
            let top = baseline - run.baselineShift - ascent([run])
            images += render(["{\\an7\\pos(\(pad + Int(x.rounded())),\(pad + Int(top.rounded())))}" + assText([run], spacing: spacing)],
                             dx: -pad, dy: -pad)
        }
        return images
    }
}
