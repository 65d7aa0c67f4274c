/// Where a cue goes, expressed once for every format, in fractions of the video frame.
///
/// The fields follow WebVTT's cue settings (W3C WebVTT §3.3), which can also express SRT's
/// `{\an}` anchors and CEA-608 rows; a cue inside a TTML or WebVTT region names it in `regionID`;
/// an explicit box (SRT `X1: X2: Y1: Y2:` coordinates) goes in `box`.
public struct CueLayout: Sendable, Hashable {
    public enum WritingDirection: String, Sendable, Hashable {
        case horizontal
        /// WebVTT `vertical:rl`: lines grow leftwards.
        case verticalRightToLeft = "rl"
        /// WebVTT `vertical:lr`: lines grow rightwards.
        case verticalLeftToRight = "lr"
    }

    /// The position of the cue's line on the block axis.
    public enum Line: Sendable, Hashable {
        case auto
        /// A line number: 0 is the first line from the top (or the start side), -1 the last.
        case number(Int)
        /// A proportion of the frame along the block axis.
        case fraction(Fraction)
    }

    public enum LineAlignment: String, Sendable, Hashable { case start, center, end }
    public enum PositionAlignment: String, Sendable, Hashable {
        case auto
        case lineLeft = "line-left"
        case center
        case lineRight = "line-right"
    }
    public enum TextAlignment: String, Sendable, Hashable { case start, center, end, left, right }

    public var writingDirection: WritingDirection
    public var line: Line
    public var lineAlignment: LineAlignment
    /// The indent on the inline axis as a proportion of the frame, or nil for `auto`.
    public var position: Fraction?
    public var positionAlignment: PositionAlignment
    /// The cue box size on the inline axis as a proportion of the frame (1 = 100%).
    public var size: Fraction
    public var textAlignment: TextAlignment
    /// The region the cue is shown in, by `Region.id`.
    public var regionID: String?
    /// An explicit cue box (left, top, width, height as proportions), when the source gives one.
    public var box: Box?

    public init(writingDirection: WritingDirection = .horizontal, line: Line = .auto,
                lineAlignment: LineAlignment = .start, position: Fraction? = nil,
                positionAlignment: PositionAlignment = .auto, size: Fraction = .one,
                textAlignment: TextAlignment = .center, regionID: String? = nil, box: Box? = nil) {
        self.writingDirection = writingDirection
        self.line = line
        self.lineAlignment = lineAlignment
        self.position = position
        self.positionAlignment = positionAlignment
        self.size = size
        self.textAlignment = textAlignment
        self.regionID = regionID
        self.box = box
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

    /// WebVTT's defaults: bottom line, centred, full width.
    public static let `default` = CueLayout()

    public var isDefault: Bool { self == .default }
}

/// A rectangle in proportions of the video frame.
public struct Box: Sendable, Hashable {
    public var x: Fraction
    public var y: Fraction
    public var width: Fraction
    public var height: Fraction

    public init(x: Fraction, y: Fraction, width: Fraction, height: Fraction) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A point in proportions of the video frame (or of a region, for anchors).
public struct Point: Sendable, Hashable {
    public var x: Fraction
    public var y: Fraction

    public init(x: Fraction, y: Fraction) {
        self.x = x
        self.y = y
    }
}

/// An area of the frame that cues are placed in: a TTML region, or a WebVTT region.
public struct Region: Sendable, Hashable {
    public enum DisplayAlignment: String, Sendable, Hashable { case before, center, after }

    public var id: String
    /// TTML `tts:origin` and `tts:extent`, or the box a WebVTT region resolves to.
    public var origin: Point?
    public var extent: Point?
    /// WebVTT region width as a proportion of the frame.
    public var width: Fraction?
    /// WebVTT region height in lines.
    public var lines: Int?
    public var regionAnchor: Point?
    public var viewportAnchor: Point?
    /// WebVTT `scroll:up`.
    public var scrollUp: Bool
    public var displayAlignment: DisplayAlignment
    public var style: StyleProperties
    /// Space between the region's edges and its content, in proportions of the frame (TTML
    /// `tts:padding`, resolved to physical edges).
    public var padding: Insets?
    /// The direction lines are laid out in (TTML `tts:writingMode`; `rltb` is horizontal with a
    /// right-to-left paragraph direction, which the content's own direction carries).
    public var writingDirection: CueLayout.WritingDirection
    /// When the region's background is drawn (TTML `tts:showBackground`).
    public var showBackground: ShowBackground

    public enum ShowBackground: String, Sendable, Hashable {
        case always
        /// Only while content is shown in it.
        case whenActive
    }

    public init(id: String, origin: Point? = nil, extent: Point? = nil, width: Fraction? = nil,
                lines: Int? = nil, regionAnchor: Point? = nil, viewportAnchor: Point? = nil,
                scrollUp: Bool = false, displayAlignment: DisplayAlignment = .before, style: StyleProperties = .none,
                padding: Insets? = nil, writingDirection: CueLayout.WritingDirection = .horizontal,
                showBackground: ShowBackground = .always) {
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
    }
}

/// Distances from each edge of a box, in proportions of the video frame.
public struct Insets: Sendable, Hashable {
    public var top: Fraction
    public var right: Fraction
    public var bottom: Fraction
    public var left: Fraction

    public init(top: Fraction, right: Fraction, bottom: Fraction, left: Fraction) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}
