public import TimedText

/// Turns the window states a 708 service showed into model cues, each placed in a region that is
/// its window on screen.
///
/// - **Place** (CEA-708-E §8.2, §8.4.4): the anchor grid covers the safe-title area, the middle
///   80% of the frame each way (as CEA608CueBuilder's grid does): 210 × 75 anchor positions on a
///   16:9 screen, 160 × 75 on a 4:3 one, or percentages with relative positioning. The window's
///   anchor point (a corner, an edge's middle, or the centre) sits on the anchor; its size is its
///   rows and columns of character cells, the safe area holding 15 rows and 42 (16:9) or 32 (4:3)
///   columns. A window that would leave the frame is moved back into it.
/// - **The region** is the window: its fill colour as the background, always shown; its priority
///   as the stacking order (priority 0 on top). Rows above the first that holds text are the
///   region's top padding, so the text stays on its rows.
/// - **Text**: each row from the first with text to the last, the empty cells before a row's
///   first character as no-break spaces on no background (so that they keep their width), empty rows as empty
///   lines. Right, centred and full justification align the rows (full as left; the model has
///   no justified text) and drop their leading blanks. Cells tagged "not to be displayed" (text
///   tag 15) are blanks.
/// - **Pens**: runs of cells written with the same pen become spans: colour and opacity, the
///   background behind each character, the font style (the FCC's eight: `monospaced-serif`,
///   `proportional-sans-serif`, `casual`…), the size (small ×0.8, large ×1.25 of the standard
///   size, which is three quarters of a row), italics, underline, sub/superscript, and the edge
///   (uniform as an outline; raised, depressed and drop shadows as shadows).
///
/// - **Border**: uniform, raised and depressed as an outline on the region's box, the shadow
///   borders as its drop shadow (drawn by the renderer's window borders).
///
/// - **Flashing**: `cues(for:)` turns a caption with flashing colours into half-second cues, the
///   flashing colours solid and transparent in turn.
/// - **Fading** (SWA's fade effect): `cues(for:)` fades a window in over the effect's time as it
///   appears and out after it goes, in four steps of the region's opacity.
///
/// What the model cannot hold is counted in `approximations` (flashing without an end, wipes,
/// vertical print directions laid out as rows) for the reader to say.
public struct CEA708CueBuilder: Sendable {
    /// The screen shape anchors are read for.
    public enum AspectRatio: String, Sendable, Hashable {
        /// 16:9: 210 horizontal anchor positions, 42 columns.
        case wide = "16:9"
        /// 4:3: 160 horizontal anchor positions, 32 columns.
        case standard = "4:3"
    }

    /// The screen shape anchors are read for.
    public let aspectRatio: AspectRatio
    /// The regions the cues made so far name, one per distinct window place and look.
    public private(set) var regions: [Region] = []
    private var regionIDs: [RegionKey: String] = [:]
    /// What could not be carried into the model, each with how many captions it touched.
    public private(set) var approximations: [String: Int] = [:]

    private struct RegionKey: Hashable {
        let service: Int, window: Int
        let box: Box
        let fill: Color
        let opacity: Fraction?
        let border: CEA708WindowAttributes.Border, borderColor: Color
        let padding: Fraction
    }

    /// A builder for a screen of `aspectRatio` (16:9 unless told).
    public init(aspectRatio: AspectRatio = .wide) {
        self.aspectRatio = aspectRatio
    }

    /// The height of a row of text: the safe area's 80% over its 15 rows.
    public static let rowHeight = Fraction(4, 75)
    /// The standard pen's text size: three quarters of a row.
    public static let standardTextSize = Fraction(1, 25)

    /// The frame box of a window (proportions of the frame).
    public func box(of window: CEA708Window) -> Box {
        let d = window.definition
        let (across, columnsAcross): (Int64, Int64) = aspectRatio == .wide ? (209, 42) : (159, 32)
        let ax: Fraction, ay: Fraction
        if d.relativePositioning {
            ax = Fraction(1, 10) + Fraction(Int64(min(d.anchorHorizontal, 100)), 100) * Fraction(4, 5)
            ay = Fraction(1, 10) + Fraction(Int64(min(d.anchorVertical, 100)), 100) * Fraction(4, 5)
        } else {
            ax = Fraction(1, 10) + Fraction(Int64(min(d.anchorHorizontal, Int(across))), across) * Fraction(4, 5)
            ay = Fraction(1, 10) + Fraction(Int64(min(d.anchorVertical, 74)), 74) * Fraction(4, 5)
        }
        let width = Fraction(Int64(window.columnCount), columnsAcross) * Fraction(4, 5)
        let height = Fraction(Int64(window.rowCount)) * Self.rowHeight
        let point = min(max(d.anchorPoint, 0), 8)
        var x = ax - width * Fraction(Int64(point % 3), 2)
        var y = ay - height * Fraction(Int64(point / 3), 2)
        x = min(max(x, .zero), max(.one - width, .zero))
        y = min(max(y, .zero), max(.one - height, .zero))
        return Box(x: x, y: y, width: width, height: height)
    }

    /// How long each half of a flash lasts: the standard gives no rate; a second a cycle, as
    /// 608 decoders flash.
    public static let flashHalfPeriod = MediaTime(value: 1, timescale: 2)

    /// The cues of a caption: one, or for a caption with an end whose window has flashing
    /// colours, one per half second, the flashing colours solid and transparent in turn.
    public mutating func cues(for caption: CEA708Caption) -> [Cue] {
        let a = caption.window.attributes
        if a.displayEffect == .fade && a.effectSpeed > 0 && !caption.window.flashes && (caption.appeared || caption.disappeared) {
            return fading(caption)
        }
        guard let end = caption.end, caption.window.flashes else { return [cue(for: caption)] }
        var out: [Cue] = []
        var t = caption.start
        var on = true
        while t < end {
            let next = min(t + Self.flashHalfPeriod, end)
            var phase = caption
            phase.start = t
            phase.end = next
            if !on { phase.window = caption.window.withFlashingOff }
            out.append(cue(for: phase))
            t = next
            on.toggle()
        }
        return out
    }

    /// The steps a fade is drawn in, each a quarter of the effect's time.
    static let fadeSteps = 4

    /// A caption whose window fades in as it appears and out after it goes (SWA's fade, its
    /// speed in half seconds): the window and its text at 1/5, 2/5, 3/5, 4/5 of their opacity in
    /// the effect's quarters, the caption whole between.
    private mutating func fading(_ caption: CEA708Caption) -> [Cue] {
        let duration = MediaTime(value: Int64(caption.window.attributes.effectSpeed), timescale: 2)
        let steps = Int64(Self.fadeSteps)
        var out: [Cue] = []
        var start = caption.start
        if caption.appeared {
            for k in 0..<steps {
                let next = caption.start + MediaTime(value: duration.value * (k + 1), timescale: duration.timescale * steps)
                let stop = caption.end.map { min($0, next) } ?? next
                guard start < stop else { break }
                var step = caption
                step.start = start
                step.end = stop
                out.append(cue(for: step, opacity: Fraction(k + 1, steps + 1)))
                start = stop
            }
        }
        if caption.end.map({ start < $0 }) ?? true {
            var whole = caption
            whole.start = start
            out.append(cue(for: whole))
        }
        if caption.disappeared, let end = caption.end {
            for k in 0..<steps {
                var step = caption
                step.start = end + MediaTime(value: duration.value * k, timescale: duration.timescale * steps)
                step.end = end + MediaTime(value: duration.value * (k + 1), timescale: duration.timescale * steps)
                out.append(cue(for: step, opacity: Fraction(steps - k, steps + 1)))
            }
        }
        return out
    }

    /// The cue of a caption, placed in its window's region (added to `regions` if new).
    public mutating func cue(for caption: CEA708Caption) -> Cue { cue(for: caption, opacity: nil) }

    /// The cue, its window drawn at `opacity` (a fade's step) when given.
    private mutating func cue(for caption: CEA708Caption, opacity: Fraction?) -> Cue {
        let window = caption.window
        let shown = window.rows.map { row in row.map { cell in cell.flatMap { $0.pen.attributes.textTag == 15 ? nil : $0 } } }
        let firstRow = shown.firstIndex { $0.contains { $0?.character != nil } } ?? 0
        let lastRow = shown.lastIndex { $0.contains { $0?.character != nil } } ?? -1
        let justification = window.attributes.justification
        var content: [InlineNode] = []
        if lastRow >= firstRow {
            for r in firstRow...lastRow {
                if r > firstRow { content.append(.lineBreak) }
                var cells = shown[r]
                while let last = cells.last, last?.character == nil || last?.character == " " { cells.removeLast() }
                if justification != .left { while let first = cells.first, first?.character == nil || first?.character == " " { cells.removeFirst() } }
                append(cells, to: &content)
            }
        }
        note(window, caption: caption)
        let box = box(of: window)
        let padding = Fraction(Int64(firstRow)) * Self.rowHeight
        let key = RegionKey(service: caption.service, window: window.definition.id, box: box, fill: window.attributes.fill.color,
                            opacity: opacity, border: window.attributes.border, borderColor: window.attributes.borderColor.color, padding: padding)
        let id: String
        if let known = regionIDs[key] {
            id = known
        } else {
            let base = "s\(caption.service)-w\(window.definition.id)"
            let count = regionIDs.keys.filter { $0.service == caption.service && $0.window == window.definition.id }.count
            id = count == 0 ? base : "\(base)-\(count + 1)"
            regionIDs[key] = id
            regions.append(Region(id: id, origin: Point(x: box.x, y: box.y), extent: Point(x: box.width, y: box.height),
                                  displayAlignment: .before, style: Self.windowStyle(window.attributes, opacity: opacity),
                                  padding: padding == .zero ? nil : Insets(top: padding, right: .zero, bottom: .zero, left: .zero),
                                  showBackground: .always, overflow: .visible))
        }
        let alignment: CueLayout.TextAlignment = switch justification {
        case .left, .full: .left
        case .right: .right
        case .center: .center
        }
        var cue = Cue(start: caption.start, end: caption.end, content: content)
        cue.layout = CueLayout(textAlignment: alignment, regionID: id, zIndex: 7 - window.definition.priority)
        cue.style = StyleProperties(color: .white, fontFamilies: ["monospaced-sans-serif"], fontSize: .viewportHeight(Self.standardTextSize),
                                    lineHeight: .length(.viewportHeight(Self.rowHeight)), whiteSpaceCollapse: .preserve)
        return cue
    }

    private mutating func note(_ window: CEA708Window, caption: CEA708Caption) {
        let a = window.attributes
        if a.displayEffect == .wipe { approximations["wipe effects (shown at once)", default: 0] += 1 }
        if a.displayEffect == .fade && window.flashes { approximations["fades of flashing windows (shown at once)", default: 0] += 1 }
        if a.printDirection == .topToBottom || a.printDirection == .bottomToTop {
            approximations["vertical printing (laid out as rows)", default: 0] += 1
        }
        // A flashing caption with an end is flashed by `cues(for:)`; one without cannot be.
        if caption.end == nil && window.flashes { approximations["flashing colours in a caption without an end (drawn solid)", default: 0] += 1 }
    }

    /// A window's region style: its fill as the background; its border as an outline on the box
    /// (solid for uniform, `outset` raised, `inset` depressed); a shadow border as the box's
    /// drop shadow, down and to its side.
    static func windowStyle(_ a: CEA708WindowAttributes, opacity: Fraction? = nil) -> StyleProperties {
        var style = StyleProperties(backgroundColor: a.fill.color)
        style.opacity = opacity
        let color = a.borderColor.color
        let one = StyleProperties.Length.em(Fraction(1, 8)), minusOne = StyleProperties.Length.em(Fraction(-1, 8))
        switch a.border {
        case .none: break
        case .uniform: style.outline = .init(placement: .box, style: .solid, color: color, width: one)
        case .raised: style.outline = .init(placement: .box, style: .outset, color: color, width: one)
        case .depressed: style.outline = .init(placement: .box, style: .inset, color: color, width: one)
        case .shadowLeft: style.textShadow = [.init(offsetX: minusOne, offsetY: one, color: color)]
        case .shadowRight: style.textShadow = [.init(offsetX: one, offsetY: one, color: color)]
        }
        return style
    }

    /// Appends a row's cells as runs of one pen each.
    private func append(_ cells: [CEA708Cell?], to content: inout [InlineNode]) {
        var k = 0
        while k < cells.count {
            let pen = cells[k]?.pen
            var text = ""
            var j = k
            // A blank takes the pen of the run it is in, so that spaces between words keep their
            // background; a leading blank run is plain, and no-break spaces: the cells a row is
            // indented by, which a line layout would otherwise drop as white space at a line's start.
            while j < cells.count, cells[j] == nil || cells[j]?.pen == pen {
                text.append(cells[j]?.character ?? (k == 0 ? "\u{A0}" : " "))
                j += 1
            }
            if let pen {
                content.append(.span(InlineSpan(.styled, style: Self.style(of: pen), children: [.text(text)])))
            } else if case .text(let before) = content.last {
                content[content.count - 1] = .text(before + text)
            } else {
                content.append(.text(text))
            }
            k = j
        }
    }

    /// The cue's style holds the default pen's font, size and white text; a span says how its pen
    /// differs, and always gives its background: the pen's background is drawn behind its own
    /// characters only (cells never written show the window's fill), so it cannot be the cue's.
    static func style(of pen: CEA708Pen) -> StyleProperties {
        var style = StyleProperties()
        let a = pen.attributes, c = pen.color
        if c.foreground != .white { style.color = c.foreground.color }
        style.backgroundColor = c.background.color
        if a.fontStyle != 0 { style.fontFamilies = [fontFamily(a.fontStyle)] }
        switch a.size {
        case .small: style.fontSize = .viewportHeight(standardTextSize * Fraction(4, 5))
        case .large: style.fontSize = .viewportHeight(standardTextSize * Fraction(5, 4))
        case .standard: break
        }
        if a.italics { style.fontStyle = .italic }
        if a.underline { style.textDecoration = .underline }
        switch a.offset {
        case .subscript: style.fontVariantPosition = .subscripted
        case .superscript: style.fontVariantPosition = .superscripted
        case .normal: break
        }
        let edge = c.edge.color
        let step = StyleProperties.Length.em(Fraction(1, 16))
        let back = StyleProperties.Length.em(Fraction(-1, 16))
        switch a.edge {
        case .none: break
        case .uniform: style.outline = .init(placement: .glyphs, color: edge, width: step)
        case .leftDropShadow: style.textShadow = [.init(offsetX: back, offsetY: step, color: edge)]
        case .rightDropShadow: style.textShadow = [.init(offsetX: step, offsetY: step, color: edge)]
        case .raised: style.textShadow = [.init(offsetX: step, offsetY: step, color: edge)]
        case .depressed: style.textShadow = [.init(offsetX: back, offsetY: back, color: edge)]
        }
        return style
    }

    /// The FCC 79.103 name of a 708 font style (the names the renderer's font set knows).
    static func fontFamily(_ style: Int) -> String {
        switch style {
        case 1: "monospaced-serif"
        case 2: "proportional-serif"
        case 3: "monospaced-sans-serif"
        case 4: "proportional-sans-serif"
        case 5: "casual"
        case 6: "cursive"
        case 7: "small-capitals"
        default: "monospaced-sans-serif"
        }
    }
}

// The window arithmetic: small numbers (denominators of a few thousand), exact. Operators are
// file-private so that they do not leak into the model's own arithmetic.
fileprivate extension Fraction {
    static func + (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    static func - (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.denominator - b.numerator * a.denominator, a.denominator * b.denominator)
    }
    static func * (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.numerator, a.denominator * b.denominator)
    }
}
