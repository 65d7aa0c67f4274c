public import TimedText

// The typed values of TTML2 style attributes (TTML2 §10.2, value types §10.3), as parsed from
// the attribute text by `TTMLStyleProperty.parse(_:)`. They are *specified* values: lengths keep
// their units; `TTMLStyleComputation` resolves them.

/// `tts:fontFamily` items (TTML2 §10.3.11 `<familyName> | <genericFamilyName>`).
public enum TTMLFontFamily: Sendable, Hashable {
    /// A generic family (`sansSerif`, `monospace`, `default`…), unquoted in the document.
    case generic(String)
    /// A family by name, quotes removed (a quoted generic name is a family name).
    case named(String)

    /// The generic family names of TTML2 §10.3.11.
    package static let genericNames: Set<String> = [
        "default", "monospace", "sansSerif", "serif", "monospaceSansSerif", "monospaceSerif",
        "proportionalSansSerif", "proportionalSerif",
    ]
}

/// `tts:fontSize`: one length (both dimensions), or horizontal then vertical (anamorphic).
public struct TTMLFontSize: Sendable, Hashable {
    /// The em square's width.
    public var horizontal: TTMLLength
    /// The em square's height: the font size in the usual sense.
    public var vertical: TTMLLength

    /// An anamorphic size.
    public init(horizontal: TTMLLength, vertical: TTMLLength) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The same size in both dimensions.
    public init(_ both: TTMLLength) { self.init(horizontal: both, vertical: both) }
}

/// TTML2 `<measure>`: `tts:bpd`, `tts:ipd` and each half of `tts:extent`.
public enum TTMLMeasure: Sendable, Hashable {
    case auto, available, fitContent, maxContent, minContent
    case length(TTMLLength)
}

/// `tts:extent`, `tts:backgroundExtent`.
public enum TTMLExtent: Sendable, Hashable {
    case auto, contain, cover
    case size(width: TTMLMeasure, height: TTMLMeasure)
}

/// `tts:origin`.
public enum TTMLOrigin: Sendable, Hashable {
    case auto
    case point(x: TTMLLength, y: TTMLLength)
}

/// `tts:position`, `tts:backgroundPosition` (TTML2 §10.3.23 `<position>`), normalised to the
/// four-component form: an offset from a horizontal edge and from a vertical edge. `center` is
/// an offset of 50% from the left (or top) edge.
public struct TTMLPosition: Sendable, Hashable {
    /// The edge a horizontal offset is measured from.
    public enum HorizontalEdge: String, Sendable, Hashable { case left, right }
    /// The edge a vertical offset is measured from.
    public enum VerticalEdge: String, Sendable, Hashable { case top, bottom }

    /// The edge `horizontalOffset` is measured from.
    public var horizontalEdge: HorizontalEdge
    /// How far in from that edge.
    public var horizontalOffset: TTMLLength
    /// The edge `verticalOffset` is measured from.
    public var verticalEdge: VerticalEdge
    /// How far in from that edge.
    public var verticalOffset: TTMLLength

    /// A position in the four-component form.
    public init(horizontalEdge: HorizontalEdge, horizontalOffset: TTMLLength,
                verticalEdge: VerticalEdge, verticalOffset: TTMLLength) {
        self.horizontalEdge = horizontalEdge
        self.horizontalOffset = horizontalOffset
        self.verticalEdge = verticalEdge
        self.verticalOffset = verticalOffset
    }
}

/// `tts:padding` expanded to its four edges (writing-mode relative, TTML2 §10.2.33).
public struct TTMLPadding: Sendable, Hashable {
    /// Before the first line (the top in `lrtb`).
    public var before: TTMLLength
    /// At the end of the lines (the right in `lrtb`).
    public var end: TTMLLength
    /// After the last line (the bottom in `lrtb`).
    public var after: TTMLLength
    /// At the start of the lines (the left in `lrtb`).
    public var start: TTMLLength

    /// Padding of each edge, in `tts:padding`'s four-value order.
    public init(before: TTMLLength, end: TTMLLength, after: TTMLLength, start: TTMLLength) {
        self.before = before
        self.end = end
        self.after = after
        self.start = start
    }

    /// No padding (`0px`, the initial value).
    public static let zero = TTMLPadding(before: .px(0), end: .px(0), after: .px(0), start: .px(0))
}

/// `tts:lineHeight`, `tts:letterSpacing`.
public enum TTMLNormalOrLength: Sendable, Hashable {
    case normal
    case length(TTMLLength)
}

/// `tts:textDecoration`: each line on, off (`noUnderline`…), or not said.
public struct TTMLTextDecoration: Sendable, Hashable {
    /// `underline` true, `noUnderline` false.
    public var underline: Bool?
    /// `lineThrough` true, `noLineThrough` false.
    public var lineThrough: Bool?
    /// `overline` true, `noOverline` false.
    public var overline: Bool?

    /// A decoration that says only the lines given.
    public init(underline: Bool? = nil, lineThrough: Bool? = nil, overline: Bool? = nil) {
        self.underline = underline
        self.lineThrough = lineThrough
        self.overline = overline
    }

    /// `none`: all three off.
    public static let none = TTMLTextDecoration(underline: false, lineThrough: false, overline: false)
}

/// `tts:textOutline`: nil is `none`.
public struct TTMLTextOutline: Sendable, Hashable {
    /// Nil: the text's colour.
    public var color: Color?
    /// How far the outline reaches beyond the glyphs.
    public var thickness: TTMLLength
    /// The blur radius; nil when not given (no blur).
    public var blur: TTMLLength?
}

/// One shadow of `tts:textShadow`.
public struct TTMLTextShadow: Sendable, Hashable {
    /// The shadow's offset to the right (negative: to the left).
    public var offsetX: TTMLLength
    /// The shadow's offset downwards (negative: upwards).
    public var offsetY: TTMLLength
    /// The blur radius; nil when not given (no blur).
    public var blur: TTMLLength?
    /// Nil: the text's colour.
    public var color: Color?
}

/// `tts:border` (TTML2 §10.2.4): each part optional.
public struct TTMLBorder: Sendable, Hashable {
    /// A thickness keyword or length.
    public enum Thickness: Sendable, Hashable { case thin, medium, thick, length(TTMLLength) }
    /// The line's style, as in CSS.
    public enum Style: String, Sendable, Hashable { case none, dotted, dashed, solid, double }

    /// Nil when not given.
    public var thickness: Thickness?
    /// Nil when not given.
    public var style: Style?
    /// Nil when not given.
    public var color: Color?
    /// One or two radii (the second for the block direction).
    public var radii: [TTMLLength]?
}

/// `tts:textEmphasis` (TTML2 §10.2.44).
public struct TTMLTextEmphasis: Sendable, Hashable {
    /// The emphasis marks.
    public enum Style: Sendable, Hashable {
        /// No marks; `auto`: the processor's choice (`auto` also when only a colour or position
        /// is given).
        case none, auto
        /// `filled`/`open` (nil when not said) and `circle`, `dot` or `sesame` (nil when not said).
        case shape(filled: Bool?, shape: String?)
        /// A quoted string used as the mark, quotes removed.
        case string(String)
    }

    /// The marks.
    public var style: Style
    /// Nil: `current` (the text's colour).
    public var color: Color?
    /// `before`, `after`, `outside`, or nil when not said (`outside` by default).
    public var position: String?
}

/// `tts:rubyReserve`: nil position is `none`.
public struct TTMLRubyReserve: Sendable, Hashable {
    /// `before`, `after`, `both` or `outside`.
    public var position: String?
    /// Nil: `auto`.
    public var length: TTMLLength?
}

/// `tts:fontVariant` (TTML2 §10.2.21): `normal` is all nil/false.
public struct TTMLFontVariant: Sendable, Hashable {
    /// `super` or `sub`.
    public var position: String?
    /// `full` or `half`.
    public var width: String?
    /// `ruby`: the font's ruby glyph variants.
    public var ruby: Bool

    /// No variant.
    public static let normal = TTMLFontVariant(position: nil, width: nil, ruby: false)
}

/// `tta:pitch`: a number with an optional unit (`%`, `hz`, `st`).
public struct TTMLPitch: Sendable, Hashable {
    /// The signed number.
    public var value: Fraction
    /// `%`, `hz`, `st`, or "" when none is written.
    public var unit: String
}

/// A parsed style value.
public enum TTMLStyleValue: Sendable, Hashable {
    /// One of the property's keywords, as written.
    case keyword(String)
    case color(Color)
    case length(TTMLLength)
    case fontSize(TTMLFontSize)
    case fontFamilies([TTMLFontFamily])
    case measure(TTMLMeasure)
    case extent(TTMLExtent)
    case origin(TTMLOrigin)
    case position(TTMLPosition)
    case padding(TTMLPadding)
    case normalOrLength(TTMLNormalOrLength)
    /// A plain number: `opacity` (clamped to 0...1), `luminanceGain`, `tta:gain`, `tta:pan`.
    case number(Fraction)
    /// A percentage as a number of percent: `shear`, `fontShear`, `lineShear`.
    case percentage(Fraction)
    case textDecoration(TTMLTextDecoration)
    /// Nil: `none`.
    case textOutline(TTMLTextOutline?)
    /// Empty: `none`.
    case textShadow([TTMLTextShadow])
    case textEmphasis(TTMLTextEmphasis)
    case border(TTMLBorder)
    case rubyReserve(TTMLRubyReserve)
    case fontVariant(TTMLFontVariant)
    /// Nil: `auto`.
    case integer(Int?)
    /// `backgroundImage`: nil is `none`.
    case uri(String?)
    case textCombine(StyleProperties.TextCombine)
    case pitch(TTMLPitch)
    case boolean(Bool)
}
