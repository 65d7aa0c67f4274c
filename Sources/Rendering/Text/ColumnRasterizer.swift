import TimedText
import CaptionStyling
internal import TextScanning

/// Vertical writing: one column of text drawn top to bottom through libass, each upright
/// character in its own event on an em grid, sideways text drawn as a horizontal line and
/// turned, tate-chū-yoko squeezed into one em, and ruby and emphasis marks beside the column.
extension LineRasterizer {
    /// Draws one column, its characters' centres on the column's axis. The column is
    /// `lineWidth` wide (the line height: columns stand one line height apart, as lines do),
    /// 1.25 em when not given; ruby widens it on the side it goes (the right for `over`, as CSS
    /// has it in both vertical modes), emphasis marks do not (they go on the block's start side
    /// for `before`: the right when columns run right to left, the left when `blockLeftToRight`).
    /// `firstLine` says whether the column is its paragraph's first (TTML `outside` annotations).
    /// The column's width is `width`, its length `boxHeight` (the roles swap: `RasterLine` is a
    /// column here).
    package func rasterizeColumn(_ items: [LineItem], horizontalPadding: Double, lineWidth: Double? = nil,
                                 blockLeftToRight: Bool = false, firstLine: Bool = true) -> RasterLine {
        let runs = Self.runs(of: items)
        let em = runs.map(\.emSize).max() ?? 0
        let columnWidth = Int((lineWidth ?? em * 1.25).rounded())
        // Which side each annotation goes, and the room ruby takes beyond the column.
        func onRight(_ placement: RubyPlacement) -> Bool {
            let over = !placement.isUnder(onFirstLine: firstLine)
            return placement.isEmphasis && blockLeftToRight ? !over : over
        }
        var leftSpace = 0, rightSpace = 0
        for case .ruby(_, let annotation, let placement) in items where !placement.isEmphasis {
            let step = annotation.first?.emSize ?? em / 2
            let room = max(0, Int((em / 2 + step - Double(columnWidth) / 2).rounded()))
            if onRight(placement) { rightSpace = max(rightSpace, room) } else { leftSpace = max(leftSpace, room) }
        }
        var events: [String] = []
        var y = Double(pad)
        let axis = pad + leftSpace + columnWidth / 2
        var sideways: [RasterImage] = []
        func place(_ run: StyledText, at yy: inout Double, x: Int, step: Double) {
            if run.combinesUpright {
                // Tate-chū-yoko: the text horizontal, centred on the axis, narrowed to one em.
                let width = advance([run])
                let scale = width > run.emSize ? 100 * run.emSize / width : 100
                let top = yy - (Double(boxHeight([run])) - run.emSize) / 2
                events.append("{\\an8\\pos(\(x),\(Int(top.rounded())))}" + assText([run], extraTags: "\\fscx\(ASSScript.number(scale))"))
                yy += step
                return
            }
            // CSS text-orientation: mixed (TTML's initial tts:textOrientation): CJK characters
            // upright, one em each; other text (Latin, digits) turned 90° clockwise, by its advance.
            var pending = ""
            func flushSideways() {
                guard !pending.isEmpty else { return }
                var piece = run
                piece.text = pending
                pending = ""
                let length = advance([piece])
                let cell = Double(boxHeight([piece]))
                let left = x - pad - Int((cell / 2).rounded())
                let top = Int(yy.rounded()) - pad
                // Sheared sideways text leans back before it is turned, so that turned its
                // strokes are skewed as the upright characters are.
                let glyphs = piece.shear == 0 ? drawRuns([piece])
                    : render(["{\\an7\\pos(\(pad),\(pad))}" + assText([piece], extraTags: "\\fax\(ASSScript.number(Self.shearFactor(piece.shear)))")],
                             dx: -pad, dy: -pad)
                sideways += glyphs.map { $0.rotatedClockwise(lineHeight: Int(cell.rounded())).offset(dx: left, dy: top) }
                yy += length
            }
            for ch in run.text {
                if !ch.unicodeScalars.contains(where: { ScalarFacts.isCJK($0) }) {
                    pending.append(ch)
                    continue
                }
                flushSideways()
                var one = run
                one.text = String(Self.verticalForm(ch))
                let upright = uprightCharacter(one)
                // The glyph's font cell centred on its em square (the cell is taller than the em).
                let top = yy - (Double(upright.cellHeight) - run.emSize) / 2
                events.append("{\\an8\\pos(\(x),\(Int(top.rounded())))}" + upright.assText)
                yy += step
            }
            flushSideways()
        }
        for item in items {
            switch item {
            case .text(let t): place(t, at: &y, x: axis, step: t.emSize)
            case .ruby(let base, let annotation, let placement):
                let start = y
                for b in base { place(b, at: &y, x: axis, step: b.emSize) }
                let count = annotation.map(\.text.count).reduce(0, +)
                let step = annotation.first?.emSize ?? em / 2
                // Against the base's em box, on its side.
                let baseEm = base.map(\.emSize).max() ?? em
                let offset = Int((baseEm / 2 + step / 2).rounded())
                let ax = onRight(placement) ? axis + offset : axis - offset
                // Along the base as ruby-align spreads it (TTML2 §10.2.37): the room the base
                // leaves shared around or between the characters, or the annotation at one end.
                let room = y - start - Double(count) * step
                var ay = start + max(0, room / 2)
                var gap = 0.0
                if room > 0, count > 0 {
                    switch placement.align {
                    case .start: ay = start
                    case .end: ay = start + room
                    case .spaceAround: gap = room / Double(count); ay = start + gap / 2
                    case .spaceBetween where count > 1: gap = room / Double(count - 1); ay = start
                    default: break
                    }
                }
                for a in annotation {
                    guard gap > 0 else { place(a, at: &ay, x: ax, step: step); continue }
                    for ch in a.text {
                        var one = a
                        one.text = String(ch)
                        place(one, at: &ay, x: ax, step: step)
                        ay += gap
                    }
                }
            }
        }
        let images = (events.isEmpty ? [] : render(events, dx: -pad, dy: -pad)) + sideways
        let length = Int((y - Double(pad)).rounded())
        var backgrounds: [(PixelRect, Color4)] = []
        if let first = runs.first(where: { $0.style.backgroundColor.alpha > 0 }), length > 0 {
            let p = Int(horizontalPadding.rounded())
            let c = first.style.backgroundColor
            backgrounds.append((PixelRect(x: leftSpace, y: -p, width: columnWidth, height: length + 2 * p), Color4(r: c.red, g: c.green, b: c.blue, a: c.alpha)))
        }
        return RasterLine(images: Self.withEngineEdges(images, runs: runs), width: leftSpace + columnWidth + rightSpace, boxHeight: length,
                          rubyHeight: 0, backgrounds: backgrounds)
    }

    /// Vertical presentation forms for the punctuation that must not stay horizontal in a column.
    /// An upright character's event text (a sheared one skewed along the column, its right side
    /// raised: the paragraph's skew turned with the text, as the references draw it) and its
    /// font cell's height, made once per character and style.
    func uprightCharacter(_ one: StyledText) -> (assText: String, cellHeight: Int) {
        if let known = uprightCharacters[one] { return known }
        let shear = one.shear == 0 ? "" : "\\fax0\\fay\(ASSScript.number(-Self.shearFactor(one.shear)))"
        let made = (assText: assText([one], extraTags: shear), cellHeight: boxHeight([one]))
        if uprightCharacters.count >= 4096 { uprightCharacters.removeAll(keepingCapacity: true) }
        uprightCharacters[one] = made
        return made
    }

    static func verticalForm(_ ch: Character) -> Character {
        switch ch {
        case "、": "\u{FE11}"
        case "。": "\u{FE12}"
        case "「": "\u{FE41}"
        case "」": "\u{FE42}"
        case "『": "\u{FE43}"
        case "』": "\u{FE44}"
        case "（", "(": "\u{FE35}"
        case "）", ")": "\u{FE36}"
        case "ー": "\u{4E28}"
        case "…": "\u{FE19}"
        default: ch
        }
    }
}
