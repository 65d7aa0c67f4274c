import TimedText

/// Exact arithmetic on `Fraction` for layout: wide intermediates, reduced results; a result that
/// does not fit 64 bits (not reachable from caption geometry) loses low bits rather than trapping.
enum FractionMath {
    static func make(_ n: Int128, _ d: Int128) -> Fraction {
        var n = n
        var d = d
        if d < 0 { n = -n; d = -d }
        let g = Int128(gcd128(n.magnitude, d.magnitude))
        if g > 1 { n /= g; d /= g }
        while n.magnitude > UInt128(Int64.max) || d > Int128(Int64.max) {
            n /= 2
            d /= 2
            if d == 0 { d = 1 }
        }
        return Fraction(Int64(n), Int64(d))
    }

    static func add(_ a: Fraction, _ b: Fraction) -> Fraction {
        make(Int128(a.numerator) * Int128(b.denominator) + Int128(b.numerator) * Int128(a.denominator),
             Int128(a.denominator) * Int128(b.denominator))
    }

    static func subtract(_ a: Fraction, _ b: Fraction) -> Fraction {
        add(a, Fraction(-b.numerator, b.denominator))
    }

    static func multiply(_ a: Fraction, _ b: Fraction) -> Fraction {
        make(Int128(a.numerator) * Int128(b.numerator), Int128(a.denominator) * Int128(b.denominator))
    }

    static func divide(_ a: Fraction, _ b: Fraction) -> Fraction? {
        guard b.numerator != 0 else { return nil }
        return make(Int128(a.numerator) * Int128(b.denominator), Int128(a.denominator) * Int128(b.numerator))
    }

    static func clamp(_ x: Fraction, _ low: Fraction, _ high: Fraction) -> Fraction { max(low, min(high, x)) }

    private static func gcd128(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var a = a
        var b = b
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

/// A region's geometry and flow, in proportions of the root container: what makes two computed
/// regions the same region.
struct TTMLRegionBox: Hashable {
    var origin: Point
    var extent: Point
    var displayAlign: Region.DisplayAlignment
    var writingDirection: CueLayout.WritingDirection
    /// `tts:zIndex`: the stacking order of the cues shown in it (`CueLayout.zIndex`), nil for auto.
    var zIndex: Int? = nil

    /// True when the two boxes share an area (touching edges do not count).
    func overlaps(_ other: TTMLRegionBox) -> Bool {
        let right = FractionMath.add(origin.x, extent.x)
        let bottom = FractionMath.add(origin.y, extent.y)
        let otherRight = FractionMath.add(other.origin.x, other.extent.x)
        let otherBottom = FractionMath.add(other.origin.y, other.extent.y)
        return origin.x < otherRight && other.origin.x < right && origin.y < otherBottom && other.origin.y < bottom
    }
}

/// Where the writer puts cues that have no region: turning WebVTT-style cue settings (line,
/// position, size, alignment) and explicit cue boxes into TTML regions.
enum TTMLLayoutGeometry {
    /// WebVTT's line height, 5.33% of the video height (as `WebVTTWriter` assumes for region lines).
    static let lineHeight = Fraction(533, 10000)
    /// The height of one line of the TTML this writer writes: TTML's initial font size, one cell
    /// (1/15 of the height at `ttp:cellResolution="32 15"`), at about 1.27 em (8.5%, a figure
    /// that writes exactly) — room for `normal` line heights, which WebVTT's 5.33% lines are not
    /// (a one-line region that short clips its text).
    static let ttmlLineHeight = Fraction(85, 1000)
    /// The title-safe band that cues with the default layout (and `line:auto`) sit at the bottom of:
    /// 10% to 90% of the frame, the convention of IMSC authoring guides.
    static let safeStart = Fraction(1, 10)
    static let safeSize = Fraction(8, 10)

    /// The region for a cue's own layout. `lineCount` is the number of lines of its text: a cue
    /// placed on a line gets a box tall enough for them, so that it does not cover other cues.
    static func box(for layout: CueLayout, lineCount: Int) -> TTMLRegionBox {
        if let box = layout.box {
            return TTMLRegionBox(origin: Point(x: box.x, y: box.y), extent: Point(x: box.width, y: box.height),
                                 displayAlign: .before, writingDirection: layout.writingDirection)
        }
        // Inline axis (W3C WebVTT §7.2, "apply WebVTT cue settings"): the box is `size` wide,
        // placed by position and its alignment, kept on screen.
        let size = FractionMath.clamp(layout.size, .zero, .one)
        let position: Fraction
        if let given = layout.position {
            position = given
        } else {
            switch layout.textAlignment {
            case .left, .start: position = .zero
            case .right, .end: position = .one
            case .center: position = Fraction(1, 2)
            }
        }
        var inlineStart: Fraction
        switch layout.computedPositionAlignment() {
        case .lineLeft, .auto: inlineStart = position
        case .center: inlineStart = FractionMath.subtract(position, FractionMath.multiply(size, Fraction(1, 2)))
        case .lineRight: inlineStart = FractionMath.subtract(position, size)
        }
        inlineStart = FractionMath.clamp(inlineStart, .zero, FractionMath.subtract(.one, size))

        // Block axis: measured from the start side (top; right for vertical-rl; left for -lr).
        // Positions step by WebVTT's lines; the box holds the lines as TTML draws them.
        let blockSize = min(.one, FractionMath.multiply(ttmlLineHeight, Fraction(Int64(max(1, lineCount)))))
        var blockStart: Fraction
        var align: Region.DisplayAlignment
        switch layout.line {
        case .auto:
            blockStart = safeStart
            align = .after
            return place(inlineStart: inlineStart, inlineSize: size, blockStart: blockStart, blockSize: safeSize,
                         align: align, direction: layout.writingDirection)
        case .number(let n) where n >= 0:
            blockStart = FractionMath.multiply(lineHeight, Fraction(Int64(n)))
            align = .before
        case .number(let n):
            let end = FractionMath.add(.one, FractionMath.multiply(lineHeight, Fraction(Int64(n) + 1)))
            blockStart = FractionMath.subtract(end, blockSize)
            align = .after
        case .fraction(let f):
            switch layout.lineAlignment {
            case .start:
                blockStart = f
                align = .before
            case .center:
                blockStart = FractionMath.subtract(f, FractionMath.multiply(blockSize, Fraction(1, 2)))
                align = .center
            case .end:
                blockStart = FractionMath.subtract(f, blockSize)
                align = .after
            }
        }
        blockStart = FractionMath.clamp(blockStart, .zero, FractionMath.subtract(.one, blockSize))
        return place(inlineStart: inlineStart, inlineSize: size, blockStart: blockStart, blockSize: blockSize,
                     align: align, direction: layout.writingDirection)
    }

    /// The region all default-layout cues share: the bottom of the title-safe area, centred.
    static let defaultBox = TTMLRegionBox(origin: Point(x: safeStart, y: safeStart), extent: Point(x: safeSize, y: safeSize),
                                          displayAlign: .after, writingDirection: .horizontal)

    private static func place(inlineStart: Fraction, inlineSize: Fraction, blockStart: Fraction, blockSize: Fraction,
                              align: Region.DisplayAlignment, direction: CueLayout.WritingDirection) -> TTMLRegionBox {
        switch direction {
        case .horizontal:
            return TTMLRegionBox(origin: Point(x: inlineStart, y: blockStart), extent: Point(x: inlineSize, y: blockSize),
                                 displayAlign: align, writingDirection: direction)
        case .verticalLeftToRight:
            return TTMLRegionBox(origin: Point(x: blockStart, y: inlineStart), extent: Point(x: blockSize, y: inlineSize),
                                 displayAlign: align, writingDirection: direction)
        case .verticalRightToLeft:
            let x = FractionMath.subtract(FractionMath.subtract(.one, blockStart), blockSize)
            return TTMLRegionBox(origin: Point(x: x, y: inlineStart), extent: Point(x: blockSize, y: inlineSize),
                                 displayAlign: align, writingDirection: direction)
        }
    }

    /// The box of a region from the track: its TTML origin and extent, or the box a WebVTT region
    /// (width, lines, anchors; W3C WebVTT §3.4) resolves to, or the whole root container.
    static func box(for region: Region) -> TTMLRegionBox {
        if region.origin != nil || region.extent != nil {
            return TTMLRegionBox(origin: region.origin ?? Point(x: .zero, y: .zero), extent: region.extent ?? Point(x: .one, y: .one),
                                 displayAlign: region.displayAlignment, writingDirection: .horizontal)
        }
        if region.width != nil || region.lines != nil || region.regionAnchor != nil || region.viewportAnchor != nil {
            let width = region.width ?? .one
            let height = min(.one, FractionMath.multiply(lineHeight, Fraction(Int64(region.lines ?? 3))))
            let regionAnchor = region.regionAnchor ?? Point(x: .zero, y: .one)
            let viewportAnchor = region.viewportAnchor ?? Point(x: .zero, y: .one)
            let x = FractionMath.subtract(viewportAnchor.x, FractionMath.multiply(regionAnchor.x, width))
            let y = FractionMath.subtract(viewportAnchor.y, FractionMath.multiply(regionAnchor.y, height))
            return TTMLRegionBox(origin: Point(x: x, y: y), extent: Point(x: width, y: height),
                                 displayAlign: region.displayAlignment, writingDirection: .horizontal)
        }
        return TTMLRegionBox(origin: Point(x: .zero, y: .zero), extent: Point(x: .one, y: .one),
                             displayAlign: region.displayAlignment, writingDirection: .horizontal)
    }

    /// IMSC 1.1 §7.12.1.2: no region may extend beyond the root container. Returns the box moved
    /// (then shrunk) inside it, or nil when it already is.
    static func clampedIntoRoot(_ box: TTMLRegionBox) -> TTMLRegionBox? {
        var result = box
        result.extent.x = FractionMath.clamp(box.extent.x, .zero, .one)
        result.extent.y = FractionMath.clamp(box.extent.y, .zero, .one)
        result.origin.x = FractionMath.clamp(box.origin.x, .zero, FractionMath.subtract(.one, result.extent.x))
        result.origin.y = FractionMath.clamp(box.origin.y, .zero, FractionMath.subtract(.one, result.extent.y))
        return result == box ? nil : result
    }
}
