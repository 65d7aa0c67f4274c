import TimedText
import TextScanning

extension ValidationRun {
    /// `layout.max-lines`, `layout.max-chars-per-line`, `layout.kinsoku`, `layout.off-screen`.
    mutating func checkLayout(_ view: CueView, limits: ValidationProfile.Limits, regions: [Region]) {
        let lines = view.lines
        if let maximum = profile.maxLines, lines.count > maximum, !view.text.isEmpty {
            report(.layoutMaxLines, "cue has \(lines.count) lines, more than \(maximum)", cue: view,
                   fix: "split the cue or re-wrap it into \(maximum) lines")
        }
        let vertical = Self.isVertical(view.cue, regions: regions)
        if let maximum = vertical ? limits.maxCharsPerVerticalLine ?? limits.maxCharsPerLine : limits.maxCharsPerLine,
           !leavesLineLengthTo608(maximum: maximum, limits: limits) {
            let kind = vertical && limits.maxCharsPerVerticalLine != nil ? "vertical line" : "line"
            for (number, line) in lines.enumerated() {
                let (length, limit, unit) = limits.fullWidthCounting
                    ? (TextMeasure.halfWidthUnits(line), maximum * 2, "half-width units")
                    : (TextMeasure.graphemes(line), maximum, "characters")
                guard length > limit else { continue }
                let counted = limits.fullWidthCounting ? "\(numberText(Fraction(Int64(length), 2))) full-width characters" : "\(length) \(unit)"
                report(.layoutMaxCharsPerLine, "\(kind) \(number + 1) has \(counted), more than \(maximum)", cue: view,
                       fix: "re-wrap the text at \(maximum) characters per line")
                break
            }
        }
        checkKinsoku(view)
        if let problem = offScreenProblem(view.cue.layout, regions: regions) {
            report(.layoutOffScreen, problem, cue: view)
        }
    }

    /// Whether `layout.max-chars-per-line` stands down for `cea608.columns`: when the 608 rules
    /// run, a line limit of 32 characters or more (counted as graphemes) flags no line that the
    /// 608 row's 32 columns do not, and the 608 rule says the harder limit (an error: the caption
    /// cannot be sent) — so a long line is one finding, not two. A stricter house limit (28
    /// characters) or full-width counting still has its own finding.
    func leavesLineLengthTo608(maximum: Int, limits: ValidationProfile.Limits) -> Bool {
        checksCEA608 && isOn(.cea608Columns) && !limits.fullWidthCounting && maximum >= Self.cea608Columns
    }

    /// True when the cue's text runs vertically: its own writing direction (WebVTT `vertical`)
    /// or its region's (TTML `tts:writingMode` `tbrl`/`tblr`).
    static func isVertical(_ cue: Cue, regions: [Region]) -> Bool {
        if cue.layout.writingDirection != .horizontal { return true }
        guard let id = cue.layout.regionID, let region = regions.first(where: { $0.id == id }) else { return false }
        return region.writingDirection != .horizontal
    }

    /// `layout.kinsoku`: an authored line break that leaves a character kinsoku keeps off a line's
    /// start at the start of the next line (`。`, `」`, a small kana), or one it keeps off a
    /// line's end (`「`) at the end of a line (JIS X 4051; `Kinsoku` holds the characters). One
    /// finding a cue, for its first bad break.
    mutating func checkKinsoku(_ view: CueView) {
        let lines = view.lines
        guard lines.count > 1 else { return }
        for k in 1..<lines.count {
            let before = lines[k - 1], after = lines[k]
            if let last = before.unicodeScalars.last, Kinsoku.mayNotEndLine(last) {
                report(.layoutKinsoku, "line \(k) ends with '\(last)', which kinsoku keeps off the end of a line", cue: view,
                       fix: "move '\(last)' to the start of line \(k + 1)")
                return
            }
            if let first = after.unicodeScalars.first, Kinsoku.mayNotStartLine(first) {
                report(.layoutKinsoku, "line \(k + 1) starts with '\(first)', which kinsoku keeps off the start of a line", cue: view,
                       fix: "move the break before the last character of line \(k), or '\(first)' to the end of line \(k)")
                return
            }
        }
    }

    /// Where the cue's layout leaves the frame (every proportion must lie in 0…1), or nil.
    private func offScreenProblem(_ layout: CueLayout, regions: [Region]) -> String? {
        func outside(_ f: Fraction) -> Bool { f < .zero || f > .one }
        func percent(_ f: Fraction) -> String { f.percent.decimalText(maximumFractionDigits: 2) + "%" }
        if case .fraction(let line) = layout.line, outside(line) { return "line position \(percent(line)) is outside the frame" }
        if let position = layout.position, outside(position) { return "position \(percent(position)) is outside the frame" }
        if layout.size > .one || layout.size < .zero { return "cue box size \(percent(layout.size)) is larger than the frame" }
        if let box = layout.box {
            if box.x < .zero || box.y < .zero || box.x.adding(box.width) > .one || box.y.adding(box.height) > .one {
                return "cue box (\(percent(box.x)), \(percent(box.y)), \(percent(box.width)) × \(percent(box.height))) extends outside the frame"
            }
        }
        if let id = layout.regionID, let region = regions.first(where: { $0.id == id }),
           let origin = region.origin, let extent = region.extent {
            if origin.x < .zero || origin.y < .zero || origin.x.adding(extent.x) > .one || origin.y.adding(extent.y) > .one {
                return "region '\(id)' (origin \(percent(origin.x)) \(percent(origin.y)), extent \(percent(extent.x)) \(percent(extent.y))) extends outside the frame"
            }
        }
        return nil
    }
}

extension Fraction {
    func adding(_ other: Fraction) -> Fraction {
        Fraction(numerator * other.denominator + other.numerator * denominator, denominator * other.denominator)
    }
}
