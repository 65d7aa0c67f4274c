public import TimedText

/// A cue as the HTML `VTTCue` API shows it: the raw cue text and each setting with the value the
/// W3C parser produced, numbers as IEEE doubles (`line:1.5`, `line:1e400` rejected, `-0` as `+0`).
///
/// The model (`Cue`, `CueLayout`) keeps what rendering needs, exactly; this view keeps what the
/// web platform would report, for `legible dump`'s `vtt` object and the web-platform-tests runner.
public struct WebVTTCueValues: Sendable, Hashable {
    /// The identifier; empty when the cue has none.
    public var id: String
    /// The cue text with markup not interpreted.
    public var text: String
    public var writingDirection: CueLayout.WritingDirection
    public var snapToLines: Bool
    /// A line number (snap-to-lines) or a percentage; nil for `auto`.
    public var line: Double?
    public var lineAlignment: CueLayout.LineAlignment
    /// A percentage; nil for `auto`.
    public var position: Double?
    public var positionAlignment: CueLayout.PositionAlignment
    public var size: Double
    public var textAlignment: CueLayout.TextAlignment
    /// The cue's region, as an index into `WebVTTFile.regionValues`; shared by cues that name the
    /// same region object.
    public var regionIndex: Int?

    /// W3C WebVTT §6.1, "cue creation": the initial values of a new cue.
    public init(id: String = "", text: String = "") {
        self.id = id
        self.text = text
        writingDirection = .horizontal
        snapToLines = true
        line = nil
        lineAlignment = .start
        position = nil
        positionAlignment = .auto
        size = 100
        textAlignment = .center
        regionIndex = nil
    }

    /// `vertical` as the API spells it: `""`, `"rl"` or `"lr"`.
    public var vertical: String { writingDirection == .horizontal ? "" : writingDirection.rawValue }
}

/// A region as the HTML `VTTRegion` API shows it (W3C WebVTT §6.2), numbers as doubles.
public struct WebVTTRegionValues: Sendable, Hashable {
    public var id: String
    /// Percent of the viewport width.
    public var width: Double
    public var lines: Double
    public var regionAnchorX: Double
    public var regionAnchorY: Double
    public var viewportAnchorX: Double
    public var viewportAnchorY: Double
    public var scrollUp: Bool

    /// W3C WebVTT §6.1, "region creation": the initial values.
    public init(id: String = "") {
        self.id = id
        width = 100
        lines = 3
        regionAnchorX = 0
        regionAnchorY = 100
        viewportAnchorX = 0
        viewportAnchorY = 100
        scrollUp = false
    }

    /// `scroll` as the API spells it: `""` or `"up"`.
    public var scroll: String { scrollUp ? "up" : "" }
}
