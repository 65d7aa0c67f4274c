/// Where a cue goes, expressed once for every format, in fractions of the video frame.
///
/// The fields follow WebVTT's cue settings (W3C WebVTT §3.3), which can also express SRT's
/// `{\an}` anchors and CEA-608 rows; a cue inside a TTML or WebVTT region names it in `regionID`;
/// an explicit box (SRT `X1: X2: Y1: Y2:` coordinates) goes in `box`.
public struct CueLayout: Sendable, Hashable {
    /// WebVTT's `vertical` cue setting (TTML's `tts:writingMode` for regions): the direction text
    /// runs and lines stack in. The raw value is the WebVTT keyword.
    public enum WritingDirection: String, Sendable, Hashable {
        /// Horizontal lines stacking downwards (the default; no `vertical` setting).
        case horizontal
        /// WebVTT `vertical:rl`: lines grow leftwards.
        case verticalRightToLeft = "rl"
        /// WebVTT `vertical:lr`: lines grow rightwards.
        case verticalLeftToRight = "lr"
    }

    /// The position of the cue's line on the block axis.
    public enum Line: Sendable, Hashable {
        /// WebVTT `line:auto` (the default): the renderer picks the line, the bottom one for the first
        /// cue, moving later cues up so that they do not overlap.
        case auto
        /// A line number: 0 is the first line from the top (or the start side), -1 the last.
        case number(Int)
        /// A proportion of the frame along the block axis.
        case fraction(Fraction)
    }

    /// Which edge of the cue box `line` places (WebVTT `line:…,start|center|end`): its top (start
    /// side), its centre, or its bottom (end side); `start` by default.
    public enum LineAlignment: String, Sendable, Hashable { case start, center, end }
    /// Which point of the cue box `position` places, along the line (WebVTT `position:…,<alignment>`);
    /// the raw value is the WebVTT keyword.
    public enum PositionAlignment: String, Sendable, Hashable {
        /// Follows the text alignment (see `computedPositionAlignment(rightToLeft:)`); the default.
        case auto
        /// `position` is the box's left edge (its top for vertical text).
        case lineLeft = "line-left"
        /// `position` is the box's centre.
        case center
        /// `position` is the box's right edge (its bottom for vertical text).
        case lineRight = "line-right"
    }
    /// How lines are aligned inside the cue box (WebVTT `align`): `start` and `end` follow the
    /// paragraph's direction (right-to-left text starts at the right), `left` and `right` do not.
    public enum TextAlignment: String, Sendable, Hashable { case start, center, end, left, right }

    /// Horizontal, or vertical text with its lines growing leftwards or rightwards.
    public var writingDirection: WritingDirection
    /// Where the cue's line is on the block axis (vertically for horizontal text): `auto`, a line
    /// number, or a proportion of the frame.
    public var line: Line
    /// Which edge of the cue box `line` places; ignored for `auto`.
    public var lineAlignment: LineAlignment
    /// The indent on the inline axis as a proportion of the frame, or nil for `auto`.
    public var position: Fraction?
    /// Which point of the cue box `position` places; `auto` follows `textAlignment`.
    public var positionAlignment: PositionAlignment
    /// The cue box size on the inline axis as a proportion of the frame (1 = 100%).
    public var size: Fraction
    /// How the lines are aligned in the cue box; `center` by default.
    public var textAlignment: TextAlignment
    /// The region the cue is shown in, by `Region.id`.
    public var regionID: String?
    /// An explicit cue box (left, top, width, height as proportions), when the source gives one
    /// (SRT `X1: X2: Y1: Y2:`). Kept for writers; the renderer places the cue by the other settings.
    public var box: Box?
    /// The stacking order among cues shown together: a higher value is drawn over a lower one
    /// (ASS `Layer`; TTML writes it as the region's `tts:zIndex`); nil for the format's own order.
    public var zIndex: Int?

    /// A layout from WebVTT-style settings; every default is WebVTT's (`CueLayout.default`).
    public init(writingDirection: WritingDirection = .horizontal, line: Line = .auto,
                lineAlignment: LineAlignment = .start, position: Fraction? = nil,
                positionAlignment: PositionAlignment = .auto, size: Fraction = .one,
                textAlignment: TextAlignment = .center, regionID: String? = nil, box: Box? = nil, zIndex: Int? = nil) {
        self.writingDirection = writingDirection
        self.line = line
        self.lineAlignment = lineAlignment
        self.position = position
        self.positionAlignment = positionAlignment
        self.size = size
        self.textAlignment = textAlignment
        self.regionID = regionID
        self.box = box
        self.zIndex = zIndex
    }

    /// W3C WebVTT §3.2, the "computed position alignment": the position alignment given, or for
    /// `auto` the one that follows from the text alignment (`start` and `end` read for the
    /// paragraph's base direction, left-to-right unless `rightToLeft`).
    public func computedPositionAlignment(rightToLeft: Bool = false) -> PositionAlignment {
        if positionAlignment != .auto { return positionAlignment }
        switch textAlignment {
        case .left: return .lineLeft
        case .right: return .lineRight
        case .start: return rightToLeft ? .lineRight : .lineLeft
        case .end: return rightToLeft ? .lineLeft : .lineRight
        case .center: return .center
        }
    }

    /// The "computed position" of W3C WebVTT §3.2 as browsers compute it: the position given, or
    /// for `auto` the edge the text alignment starts from — 0 for `left`, 1 for `right`, `start` at
    /// the line's start (0 for left-to-right text, 1 for right-to-left), `end` at its end, ½ for
    /// `center`. The current W3C text gives ½ for `start` and `end` too, which with their line-left
    /// or line-right position alignment draws start-aligned text from the middle of the frame (its
    /// note calls this surprising); Chromium and WebKit return 0 for `start` and 1 for `end` (an
    /// earlier draft's rule, read here for the paragraph's direction: they draw a right-to-left
    /// `start` cue in a box of no width), and Firefox's source gives `start` and `end` a centred
    /// full-width box, which also puts the text at the edge.
    public func computedPosition(rightToLeft: Bool = false) -> Fraction {
        if let position { return position }
        switch textAlignment {
        case .left: return .zero
        case .right: return .one
        case .start: return rightToLeft ? .one : .zero
        case .end: return rightToLeft ? .zero : .one
        case .center: return Fraction(1, 2)
        }
    }

    /// WebVTT's defaults: bottom line, centred, full width.
    public static let `default` = CueLayout()

    /// True when every setting is WebVTT's default, so the renderer places the cue at the bottom,
    /// centred, and a writer needs to say nothing about it.
    public var isDefault: Bool { self == .default }
}

/// A rectangle in proportions of the video frame.
public struct Box: Sendable, Hashable {
    /// Left edge, 0…1 of the frame width.
    public var x: Fraction
    /// Top edge, 0…1 of the frame height.
    public var y: Fraction
    /// Width as a proportion of the frame width.
    public var width: Fraction
    /// Height as a proportion of the frame height.
    public var height: Fraction

    /// A box from its top-left corner and size, each a proportion of the frame.
    public init(x: Fraction, y: Fraction, width: Fraction, height: Fraction) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A point in proportions of the video frame (or of a region, for anchors).
public struct Point: Sendable, Hashable {
    /// Rightwards from the left edge, as a proportion of the width (0 left, 1 right).
    public var x: Fraction
    /// Downwards from the top edge, as a proportion of the height (0 top, 1 bottom).
    public var y: Fraction

    /// A point from its proportions of the width and of the height.
    public init(x: Fraction, y: Fraction) {
        self.x = x
        self.y = y
    }
}

/// An area of the frame that cues are placed in: a TTML region, or a WebVTT region.
public struct Region: Sendable, Hashable {
    /// Where a region's content sits on its block axis (TTML `tts:displayAlign`): at the top
    /// (`before`), centred, or at the bottom (`after`) for horizontal text.
    public enum DisplayAlignment: String, Sendable, Hashable { case before, center, after }

    /// The identifier cues name it by (`CueLayout.regionID`): TTML `xml:id`, WebVTT region `id`.
    public var id: String
    /// The region's top-left corner as proportions of the frame (TTML `tts:origin`); nil for a
    /// WebVTT region, which its anchors place.
    public var origin: Point?
    /// The region's width and height as proportions of the frame (TTML `tts:extent`; `auto` is the
    /// whole frame); nil for a WebVTT region, which has `width` and `lines` instead.
    public var extent: Point?
    /// WebVTT region width as a proportion of the frame.
    public var width: Fraction?
    /// WebVTT region height in lines.
    public var lines: Int?
    /// WebVTT `regionanchor`: the point of the region, in proportions of the region, that sits on
    /// `viewportAnchor`; (0, 1), its bottom-left corner, when the region gives none.
    public var regionAnchor: Point?
    /// WebVTT `viewportanchor`: where `regionAnchor` goes, in proportions of the frame; (0, 1), the
    /// frame's bottom-left corner, when the region gives none.
    public var viewportAnchor: Point?
    /// WebVTT `scroll:up`.
    public var scrollUp: Bool
    /// Where the content sits in the region on the block axis (TTML `tts:displayAlign`); `before`
    /// by default. WebVTT regions fill from the bottom whatever this says.
    public var displayAlignment: DisplayAlignment
    /// The region's own style: a TTML region's `tts:backgroundColor` (drawn as the region's
    /// window), `tts:opacity` and `tts:visibility`. What content inherits from a TTML region is
    /// already in the cues' styles, so a player does not apply this to the text.
    public var style: StyleProperties
    /// Space between the region's edges and its content, in proportions of the frame (TTML
    /// `tts:padding`, resolved to physical edges).
    public var padding: Insets?
    /// The direction lines are laid out in (TTML `tts:writingMode`; `rltb` is horizontal with a
    /// right-to-left paragraph direction, which the content's own direction carries).
    public var writingDirection: CueLayout.WritingDirection
    /// When the region's background is drawn (TTML `tts:showBackground`).
    public var showBackground: ShowBackground

    /// Whether content that does not fit the region is drawn outside it (TTML `tts:overflow`).
    public var overflow: Overflow
    /// The region's style while it differs from `style`, in time order and not overlapping: a
    /// TTML region's `set` children change its background, opacity or visibility for a while
    /// (TTML2 §11.3.1.5: each ISD takes the region's styles with the active `set`s applied).
    /// Empty for a region that never changes. `style(at:)` gives the style in effect at a time.
    public var styleChanges: [StyleChange]

    /// A while in which a region has another style than its own.
    public struct StyleChange: Sendable, Hashable {
        /// When the style starts to apply.
        public var begin: MediaTime
        /// When it stops (nil: never).
        public var end: MediaTime?
        /// The region's whole style meanwhile (not only what changes).
        public var style: StyleProperties

        /// A change from `begin` until `end` (nil: for ever) to `style`.
        public init(begin: MediaTime, end: MediaTime?, style: StyleProperties) {
            self.begin = begin
            self.end = end
            self.style = style
        }

        /// Whether the change applies at `time` (from `begin`, until before `end`).
        public func contains(_ time: MediaTime) -> Bool { begin <= time && end.map { time < $0 } ?? true }
    }

    /// The region's style at `time`: the change in effect then, else `style`.
    public func style(at time: MediaTime) -> StyleProperties {
        styleChanges.first { $0.contains(time) }?.style ?? style
    }

    /// The region as it is at `time`: its style then, with no changes left (what a renderer
    /// lays out for one moment).
    public func resolved(at time: MediaTime) -> Region {
        guard !styleChanges.isEmpty else { return self }
        var region = self
        region.style = style(at: time)
        region.styleChanges = []
        return region
    }
    /// True when the region's content is forced (IMSC `itts:forcedDisplay`): shown even when the
    /// player shows forced content only (`LayoutOptions.displaysForcedOnly`).
    public var isForced: Bool = false
    /// The horizontal offset between the two eyes' views of the region, as a proportion of the
    /// frame width (TTML2 `tts:disparity`): a stereoscopic view moves the region by half of it,
    /// left for the left eye, right for the right eye (`LayoutOptions.stereoView`). Zero for flat.
    public var disparity: Fraction = .zero
    /// How much brighter than reference white the region's colours are meant (TTML2
    /// `tts:luminanceGain`), used when drawing for a PQ display (`LayoutOptions.pixelEncoding`).
    public var luminanceGain: Fraction = .one

    /// TTML `tts:overflow`: what happens to content beyond the region's edges.
    public enum Overflow: String, Sendable, Hashable {
        /// Drawn where it falls, past the edges (the default of a region made by hand).
        case visible
        /// Clipped at the region's edges (TTML's initial value).
        case hidden
    }

    /// TTML `tts:showBackground`: whether the region's background shows while nothing is in it.
    public enum ShowBackground: String, Sendable, Hashable {
        /// Whenever the region is shown, content or not (TTML's initial value).
        case always
        /// Only while content is shown in it.
        case whenActive
    }

    /// A region by hand; the defaults are those of a TTML region with no style (top-aligned,
    /// horizontal, background always shown). Give it an `extent` (TTML, with its `origin`) or a
    /// `width` (WebVTT): the renderer cannot place a region with neither, and lays its cues out as
    /// if they named no region.
    public init(id: String, origin: Point? = nil, extent: Point? = nil, width: Fraction? = nil,
                lines: Int? = nil, regionAnchor: Point? = nil, viewportAnchor: Point? = nil,
                scrollUp: Bool = false, displayAlignment: DisplayAlignment = .before, style: StyleProperties = .none,
                padding: Insets? = nil, writingDirection: CueLayout.WritingDirection = .horizontal,
                showBackground: ShowBackground = .always, overflow: Overflow = .visible, styleChanges: [StyleChange] = []) {
        self.id = id
        self.origin = origin
        self.extent = extent
        self.width = width
        self.lines = lines
        self.regionAnchor = regionAnchor
        self.viewportAnchor = viewportAnchor
        self.scrollUp = scrollUp
        self.displayAlignment = displayAlignment
        self.style = style
        self.padding = padding
        self.writingDirection = writingDirection
        self.showBackground = showBackground
        self.overflow = overflow
        self.styleChanges = styleChanges
    }
}

/// Distances from each edge of a box, in proportions of the video frame.
public struct Insets: Sendable, Hashable {
    /// Below the top edge, as a proportion of the frame height.
    public var top: Fraction
    /// Inside the right edge, as a proportion of the frame width.
    public var right: Fraction
    /// Above the bottom edge, as a proportion of the frame height.
    public var bottom: Fraction
    /// Inside the left edge, as a proportion of the frame width.
    public var left: Fraction

    /// Insets from their distances: top and bottom as proportions of the frame height, left and
    /// right of its width.
    public init(top: Fraction, right: Fraction, bottom: Fraction, left: Fraction) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    /// No inset on any side.
    public static let zero = Insets(top: .zero, right: .zero, bottom: .zero, left: .zero)
}

extension CueLayout {
    /// The SubStation Alpha numpad positions (`{\an1}` … `{\an9}`: 1 bottom left, 5 centre, 9 top
    /// right) as cue settings, the same for SRT's `{\an}` and ASS without `\pos`: top rows on
    /// line 0% (start), middle rows on 50% (centre), the bottom row on `auto`; left columns at
    /// position 0% (line-left, left-aligned), right ones at 100% (line-right, right-aligned).
    public init(numpad: Int) {
        self.init()
        switch numpad {
        case 7, 8, 9:
            line = .fraction(.zero)
            lineAlignment = .start
        case 4, 5, 6:
            line = .fraction(Fraction(1, 2))
            lineAlignment = .center
        default:
            break
        }
        switch numpad {
        case 1, 4, 7:
            position = .zero
            positionAlignment = .lineLeft
            textAlignment = .left
        case 3, 6, 9:
            position = .one
            positionAlignment = .lineRight
            textAlignment = .right
        default:
            break
        }
    }

    /// The numpad position nearest these settings: the third of the frame the text falls in,
    /// down (the cue box's middle) and across (the box edge its alignment names, or its middle) (a line number from the top is the top row, from the bottom
    /// the bottom row); vertical text as if horizontal. What SRT's `{\an}` can say of a cue
    /// placed anywhere (a TTML region's cue, a WebVTT `line:30%`).
    public var nearestNumpad: Int {
        if let exact = numpad { return exact }
        func third(_ x: Double) -> Int { x < 1.0 / 3 ? 0 : x < 2.0 / 3 ? 1 : 2 }
        let row: Int  // 0 top, 1 middle, 2 bottom
        switch line {
        case .auto: row = 2
        case .number(let n): row = n >= 0 ? 0 : 2
        case .fraction(let f):
            // The box's middle, its height unknown: a little inside the placed edge.
            let edge = f.doubleValue
            row = third(lineAlignment == .start ? edge + 0.05 : lineAlignment == .end ? edge - 0.05 : edge)
        }
        // Across: where the text sits, the box's edge its alignment names or its middle.
        let width = size.doubleValue
        let alignment = computedPositionAlignment()
        let p = position?.doubleValue ?? (alignment == .lineLeft ? 0 : alignment == .lineRight ? 1 : 0.5)
        let left = alignment == .lineLeft ? p : alignment == .lineRight ? p - width : p - width / 2
        let anchor = switch textAlignment {
        case .left, .start: left
        case .right, .end: left + width
        case .center: left + width / 2
        }
        let column = third(anchor)  // 0 left, 1 centre, 2 right
        return [7, 8, 9, 4, 5, 6, 1, 2, 3][row * 3 + column]
    }

    /// Whether these settings put the text where `{\\anN}` for the nearest N (`nearestNumpad`)
    /// does on a player, to within the title-safe margin (a tenth of the frame): horizontal text
    /// whose placed edge is at most that far from the frame's edge (or centred, for the middle row
    /// and column), aligned as the numpad aligns. A TTML region at the bottom of the title-safe area (the usual
    /// subtitle region, and Legible's own TTML writer's) is `{\\an2}` to an SRT player; a
    /// `line:30%` is not `{\\an8}`.
    public var sitsAtNearestNumpad: Bool {
        guard writingDirection == .horizontal else { return false }
        let n = nearestNumpad
        let margin = 0.1
        let row = (9 - n) / 3  // 0 top, 1 middle, 2 bottom
        switch line {
        case .auto: guard row == 2 else { return false }
        case .number(let k): guard (k >= 0 && row == 0) || (k == -1 && row == 2) else { return false }
        case .fraction(let f):
            let edge = f.doubleValue
            switch row {
            case 0: guard lineAlignment == .start, edge <= margin else { return false }
            case 1: guard lineAlignment == .center, abs(edge - 0.5) <= margin / 2 else { return false }
            default: guard lineAlignment == .end, edge >= 1 - margin else { return false }
            }
        }
        let width = size.doubleValue
        let alignment = computedPositionAlignment()
        let p = position?.doubleValue ?? (alignment == .lineLeft ? 0 : alignment == .lineRight ? 1 : 0.5)
        let left = alignment == .lineLeft ? p : alignment == .lineRight ? p - width : p - width / 2
        switch (n - 1) % 3 {  // 0 left, 1 centre, 2 right
        case 0: return (textAlignment == .left || textAlignment == .start) && left <= margin
        case 2: return (textAlignment == .right || textAlignment == .end) && left + width >= 1 - margin
        default: return textAlignment == .center && abs(left + width / 2 - 0.5) <= margin / 2
        }
    }

    /// The numpad position these settings are exactly (a cue box aside), or nil.
    public var numpad: Int? {
        var plain = self
        plain.box = nil
        for n in 1...9 where CueLayout(numpad: n) == plain { return n }
        return nil
    }
}
