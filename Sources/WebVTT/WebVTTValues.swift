public import TimedText
package import TextScanning

/// A cue as the HTML `VTTCue` API shows it: the raw cue text and each setting with the value the
/// W3C parser produced, numbers as IEEE doubles (`line:1.5`, `line:1e400` rejected, `-0` as `+0`).
///
/// The model (`Cue`, `CueLayout`) keeps what rendering needs, exactly; this view keeps what the
/// web platform would report, for `legible dump`'s `vtt` object and the web-platform-tests runner.
///
/// Kept small, since a reader keeps one per cue: the raw text is a slice of the source text
/// (made into a `String` when asked for), and the settings are held once for every cue that
/// shares them.
public struct WebVTTCueValues: Sendable, Hashable {
    /// The identifier; empty when the cue has none.
    public var id: String

    /// The cue text with markup not interpreted.
    public var text: String {
        get {
            switch storedText {
            case .string(let s): s
            case .slice(let source, let range):
                source.text.withUnsafeBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(range.lowerBound)..<Int(range.upperBound)]), as: UTF8.self) }
            }
        }
        set { storedText = .string(newValue) }
    }

    /// `vertical`: horizontal (the initial value), `rl` or `lr`.
    public var writingDirection: CueLayout.WritingDirection {
        get { settings.value.writingDirection }
        set { change { $0.writingDirection = newValue } }
    }
    /// True when `line` is a line number (the initial value), false when it is a percentage.
    public var snapToLines: Bool {
        get { settings.value.snapToLines }
        set { change { $0.snapToLines = newValue } }
    }
    /// A line number (snap-to-lines) or a percentage; nil for `auto`.
    public var line: Double? {
        get { settings.value.line }
        set { change { $0.line = newValue } }
    }
    /// The `line` setting's alignment (`start`, the initial value, `center` or `end`).
    public var lineAlignment: CueLayout.LineAlignment {
        get { settings.value.lineAlignment }
        set { change { $0.lineAlignment = newValue } }
    }
    /// A percentage; nil for `auto`.
    public var position: Double? {
        get { settings.value.position }
        set { change { $0.position = newValue } }
    }
    /// The `position` setting's alignment (`auto`, the initial value, `line-left`, `center`, `line-right`).
    public var positionAlignment: CueLayout.PositionAlignment {
        get { settings.value.positionAlignment }
        set { change { $0.positionAlignment = newValue } }
    }
    /// `size`, a percentage of the video: 0...100, 100 initially.
    public var size: Double {
        get { settings.value.size }
        set { change { $0.size = newValue } }
    }
    /// `align`: `center` initially, or `start`, `end`, `left`, `right`.
    public var textAlignment: CueLayout.TextAlignment {
        get { settings.value.textAlignment }
        set { change { $0.textAlignment = newValue } }
    }
    /// The cue's region, as an index into `WebVTTFile.regionValues`; shared by cues that name the
    /// same region object.
    public var regionIndex: Int? {
        get { settings.value.regionIndex }
        set { change { $0.regionIndex = newValue } }
    }

    /// W3C WebVTT §6.1, "cue creation": the initial values of a new cue.
    public init(id: String = "", text: String = "") {
        self.id = id
        storedText = .string(text)
        settings = Self.initialSettings
    }

    /// Calls `body` with the raw text's UTF-8 bytes, without making a `String` of a slice.
    package func withTextBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch storedText {
        case .string(var s): return s.withUTF8(body)
        case .slice(let source, let range):
            return source.text.withUnsafeBytes { body(UnsafeBufferPointer(rebasing: $0[Int(range.lowerBound)..<Int(range.upperBound)])) }
        }
    }

    /// The same settings with another identifier and the raw text at `range` of `source`.
    package func with(id: String, text range: Range<Int>, of source: SharedSourceText) -> WebVTTCueValues {
        var copy = self
        copy.id = id
        copy.storedText = .slice(source, Int32(range.lowerBound)..<Int32(range.upperBound))
        return copy
    }

    /// Which stored copy of the settings this is: values with the same identity have the same
    /// settings (most cues of a file share a few).
    package var settingsIdentity: ObjectIdentifier { ObjectIdentifier(settings) }

    /// `vertical` as the API spells it: `""`, `"rl"` or `"lr"`.
    public var vertical: String { writingDirection == .horizontal ? "" : writingDirection.rawValue }

    public static func == (a: WebVTTCueValues, b: WebVTTCueValues) -> Bool {
        a.id == b.id && a.text == b.text && (a.settings === b.settings || a.settings.value == b.settings.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(text)
        hasher.combine(settings.value)
    }

    private enum StoredText: Sendable {
        case string(String)
        case slice(SharedSourceText, Range<Int32>)
    }

    private struct Settings: Sendable, Hashable {
        var writingDirection = CueLayout.WritingDirection.horizontal
        var snapToLines = true
        var line: Double?
        var lineAlignment = CueLayout.LineAlignment.start
        var position: Double?
        var positionAlignment = CueLayout.PositionAlignment.auto
        var size: Double = 100
        var textAlignment = CueLayout.TextAlignment.center
        var regionIndex: Int?
    }

    private final class SettingsBox: Sendable {
        let value: Settings
        init(_ value: Settings) { self.value = value }
    }

    private var storedText: StoredText
    private var settings: SettingsBox
    private static let initialSettings = SettingsBox(Settings())

    private mutating func change(_ body: (inout Settings) -> Void) {
        var value = settings.value
        body(&value)
        settings = SettingsBox(value)
    }
}

/// A decoded source text held by reference, so that the values read from it can point into it.
package final class SharedSourceText: Sendable {
    package let text: SourceText
    package init(_ text: SourceText) { self.text = text }
}

/// A region as the HTML `VTTRegion` API shows it (W3C WebVTT §6.2), numbers as doubles.
public struct WebVTTRegionValues: Sendable, Hashable {
    /// The region's `id`; empty when the block has none.
    public var id: String
    /// Percent of the viewport width.
    public var width: Double
    /// `lines`: the region's height in lines, 3 initially.
    public var lines: Double
    /// `regionanchor` x: the point of the region that sits on the viewport anchor, in percent of
    /// the region's width (0 initially).
    public var regionAnchorX: Double
    /// `regionanchor` y, in percent of the region's height (100 initially: the bottom).
    public var regionAnchorY: Double
    /// `viewportanchor` x: where the region anchor sits, in percent of the video width (0 initially).
    public var viewportAnchorX: Double
    /// `viewportanchor` y, in percent of the video height (100 initially: the bottom).
    public var viewportAnchorY: Double
    /// `scroll:up`: new lines push the region's text up; false initially (no scrolling).
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
