/// Style a piece of content asks for. Every property is optional: nil means the content does not
/// say, so inheritance, the format's initial value or the viewer's caption appearance decides.
///
/// The names are neutral between the formats: each property says which WebVTT `::cue` CSS property
/// and which TTML `tts:` attribute it holds, so that both readers fill the same fields.
public struct StyleProperties: Sendable, Hashable {
    /// CSS `font-style`, TTML `tts:fontStyle`; the renderer draws `oblique` as italic.
    public enum FontStyle: String, Sendable, Hashable { case normal, italic, oblique }
    /// CSS `font-weight`, TTML `tts:fontWeight`: numeric CSS weights are kept as `bold` from 600 up,
    /// `normal` below (the reader says so when it rounds).
    public enum FontWeight: String, Sendable, Hashable { case normal, bold }

    /// A length as the source gave it; the renderer resolves it against the frame.
    public enum Length: Sendable, Hashable {
        /// CSS pixels (`px`, and `pt`, `in`, `cm`… at 96 to the inch; SRT `<font size>`), and TTML `px`
        /// when the document gives no root `tts:extent` to convert them by; drawn as pixels of the frame.
        case pixels(Fraction)
        /// A proportion of the reference (the parent's font size, or the frame for extents).
        case fraction(Fraction)
        /// A multiple of the parent's font size (CSS and TTML `em`).
        case em(Fraction)
        /// TTML cells (`ttp:cellResolution`).
        case cells(Fraction)
        /// A proportion of the video frame's width: CSS `vw` (5vw is 1/20), TTML2 `rw`.
        case viewportWidth(Fraction)
        /// A proportion of the video frame's height: CSS `vh` (5vh is 1/20), TTML2 `rh`.
        case viewportHeight(Fraction)
    }

    /// The lines CSS `text-decoration-line` and TTML `tts:textDecoration` draw; an empty set is an
    /// explicit `none`.
    public struct TextDecoration: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A line under the text (also SRT and WebVTT `<u>`, which are spans).
        public static let underline = TextDecoration(rawValue: 1)
        /// A line through the text.
        public static let lineThrough = TextDecoration(rawValue: 2)
        /// A line over the text.
        public static let overline = TextDecoration(rawValue: 4)
    }

    /// How decoration lines are drawn: CSS `text-decoration-style`.
    public enum TextDecorationStyle: String, Sendable, Hashable { case solid, double, dotted, dashed, wavy }

    /// CSS `visibility` (`collapse` reads as `hidden`), TTML `tts:visibility`. Hidden text keeps its space.
    public enum Visibility: String, Sendable, Hashable { case visible, hidden }

    /// One shadow of CSS `text-shadow` or TTML `tts:textShadow`; both have the same parts.
    public struct TextShadow: Sendable, Hashable {
        /// Rightwards.
        public var offsetX: Length
        /// Downwards.
        public var offsetY: Length
        /// Nil when the source gave none (no blur).
        public var blurRadius: Length?
        /// Nil: the text's colour (CSS `currentcolor`; TTML's default too).
        public var color: Color?

        /// A shadow offset right and down by lengths; no blur and the text's colour unless given.
        public init(offsetX: Length, offsetY: Length, blurRadius: Length? = nil, color: Color? = nil) {
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blurRadius = blurRadius
            self.color = color
        }
    }

    /// A line drawn around text. TTML `tts:textOutline` draws it around each glyph; a WebVTT `::cue`
    /// CSS `outline` draws it around the text's inline boxes. One value, so that the two are not
    /// set at once, with the placement saying which.
    public struct Outline: Sendable, Hashable {
        /// `glyphs`: around each glyph's outline (TTML `tts:textOutline`, drawn as the caption edge);
        /// `box`: around the inline boxes (CSS `outline` in `::cue`).
        public enum Placement: String, Sendable, Hashable { case glyphs, box }
        /// CSS `outline-style`. `none` draws nothing whatever the width (as CSS computes it).
        public enum Style: String, Sendable, Hashable {
            /// The CSS `outline-style` keywords; a TTML glyph outline is `solid`.
            case none, auto, solid, dotted, dashed, double, groove, ridge, inset, outset
        }

        /// Around each glyph (TTML) or around the text's boxes (CSS).
        public var placement: Placement
        /// The line's style; `none` draws nothing.
        public var style: Style
        /// Nil: the text's colour (CSS `currentcolor`/`auto`, and TTML's default).
        public var color: Color?
        /// The line's thickness (TTML's outline thickness, CSS `outline-width`).
        public var width: Length
        /// TTML's optional blur radius; CSS has none.
        public var blurRadius: Length?

        /// An outline; solid, in the text's colour and without blur unless given.
        public init(placement: Placement, style: Style = .solid, color: Color? = nil, width: Length,
                    blurRadius: Length? = nil) {
            self.placement = placement
            self.style = style
            self.color = color
            self.width = width
            self.blurRadius = blurRadius
        }
    }

    /// CSS `line-height`, TTML `tts:lineHeight`.
    public enum LineHeight: Sendable, Hashable {
        /// The font's normal line height (CSS `normal`, TTML's initial value).
        case normal
        /// A multiple of the element's own font size, inherited as the multiple (CSS `<number>`).
        case multiple(Fraction)
        /// A length; `.fraction` is a proportion of the element's own font size (CSS `<percentage>`).
        case length(Length)
    }

    /// How spaces and line breaks in the text are kept: CSS `white-space-collapse` (the first half
    /// of `white-space`), TTML `xml:space` (`default` is `collapse`, `preserve` is `preserve`).
    public enum WhiteSpaceCollapse: String, Sendable, Hashable {
        /// CSS `collapse` (runs of spaces and line breaks become one space), `preserve` (all kept),
        /// `preserve-breaks` (spaces collapsed, line breaks kept), `break-spaces` (kept, and a line may
        /// break after any space).
        case collapse, preserve, preserveBreaks, breakSpaces
    }

    /// Whether lines wrap: CSS `text-wrap-mode` (the second half of `white-space`), TTML `tts:wrapOption`.
    public enum TextWrap: String, Sendable, Hashable { case wrap, noWrap }

    /// Horizontal-in-vertical text (tate-chū-yoko): CSS `text-combine-upright`, TTML `tts:textCombine`.
    public enum TextCombine: Sendable, Hashable {
        /// No combining (the initial value).
        case none
        /// The whole text of the element upright in one character's space.
        case all
        /// Runs of up to this many ASCII digits (CSS `digits 2`; 2...4).
        case digits(Int)
    }

    /// Where ruby annotations go, line-relative: CSS `ruby-position`; TTML `tts:rubyPosition`
    /// `before` is `over`, `after` is `under` and `outside` is `alternateOver`.
    public enum RubyPosition: String, Sendable, Hashable {
        /// CSS `ruby-position` values: `over` (above horizontal text, the usual), `under`,
        /// `inter-character` (beside each base character, as in Bopomofo), and `alternate over` /
        /// `alternate under` (successive annotation levels alternate sides).
        case over, under, interCharacter, alternateOver, alternateUnder
    }

    /// How a ruby annotation is spread over its base (TTML2 §10.2.37 `tts:rubyAlign`, CSS
    /// `ruby-align`): at its start, centred, at its end, with the free space around each character
    /// (`spaceAround`) or only between them (`spaceBetween`); `withBase` aligns it as its base
    /// is aligned in the same space, which for a base filling it is centred.
    public enum RubyAlign: String, Sendable, Hashable { case start, center, end, spaceAround, spaceBetween, withBase }

    /// Space kept for ruby annotations on every line of a paragraph, whether or not the line has
    /// ruby (TTML2 §10.2.40 `tts:rubyReserve`), so that lines with and without ruby are spaced alike.
    public struct RubyReserve: Sendable, Hashable {
        /// The side of the line the space is kept on: `before` (above horizontal lines), `after`,
        /// `both`, or `outside` (the side annotations go by default: before, for horizontal text);
        /// `none` keeps no space (stated, so that it overrides an inherited reserve).
        public enum Side: String, Sendable, Hashable { case none, before, after, both, outside }
        /// Where the space goes.
        public var side: Side
        /// How much is kept; nil is `auto`, the annotations' own size (half the paragraph's font size).
        public var length: Length?

        /// A reserve on `side`, of `length` or (nil) of the annotations' size.
        public init(side: Side, length: Length? = nil) {
            self.side = side
            self.length = length
        }
    }

    /// How the lines of a paragraph are aligned within the block they form, the block itself being
    /// placed by the text alignment (EBU-TT-D `ebutts:multiRowAlign`; `auto` is the text alignment).
    public enum MultiRowAlign: String, Sendable, Hashable { case start, center, end, auto }

    /// The inline base direction: CSS `direction`, TTML `tts:direction`. On a paragraph it is the
    /// paragraph's base direction (which `start` and `end` alignment follow); on a span it counts
    /// only with `unicodeBidi` other than `normal`.
    public enum Direction: String, Sendable, Hashable { case ltr, rtl }

    /// How an element takes part in the Unicode bidirectional algorithm: CSS `unicode-bidi`, TTML
    /// `tts:unicodeBidi`. `embed` opens an embedding level in `direction`, `bidiOverride` lays the
    /// characters out in `direction` whatever their own, `isolate` embeds without the text around
    /// affecting or being affected by it. Not inherited: each element states its own.
    public enum UnicodeBidi: String, Sendable, Hashable { case normal, embed, bidiOverride, isolate }

    /// Emphasis marks (bōten) drawn beside each character: CSS `text-emphasis`, TTML
    /// `tts:textEmphasis` (TTML2 §10.2.44).
    public struct TextEmphasis: Sendable, Hashable {
        /// The mark: CSS `text-emphasis-style`.
        public enum Style: Sendable, Hashable {
            /// No marks (an explicit `none`, overriding an inherited emphasis).
            case none
            /// The processor's choice: a filled circle in horizontal text, a filled sesame in vertical.
            case auto
            /// One of CSS's shapes, filled or open; a nil shape is the writing mode's (a circle
            /// in horizontal text, a sesame in vertical), as with `auto`.
            case shape(Shape?, filled: Bool)
            /// The first character of this string as the mark.
            case string(String)
        }
        /// CSS `text-emphasis-style` shapes (TTML2 names circle, dot and sesame).
        public enum Shape: String, Sendable, Hashable { case circle, dot, sesame }
        /// The side the marks go on, block-relative: `before` (over horizontal text; on the
        /// block's start side of a column), `after`, or `outside` (before on a paragraph's first
        /// line, after on the others, as TTML ruby's `outside`).
        public enum Position: String, Sendable, Hashable { case before, after, outside }

        /// The mark.
        public var style: Style
        /// Nil: the text's colour (TTML `current`).
        public var color: Color?
        /// Where the marks go.
        public var position: Position

        /// Emphasis with `style`, in the text's colour and `outside` unless given.
        public init(style: Style, color: Color? = nil, position: Position = .outside) {
            self.style = style
            self.color = color
            self.position = position
        }
    }

    /// Superscript or subscript glyphs: CSS `font-variant-position`, TTML `tts:fontVariant`
    /// `super` and `sub` (TTML2 §10.2.21).
    public enum FontVariantPosition: String, Sendable, Hashable { case normal, superscripted, subscripted }

    /// Text colour: CSS `color`, TTML `tts:color`.
    public var color: Color?
    /// Colour of the text's background boxes: CSS `background-color`, TTML `tts:backgroundColor` on
    /// paragraphs and spans (a TTML region's own background is `Region.style`'s).
    public var backgroundColor: Color?
    /// Family names in order of preference, generic families (`monospaceSansSerif`) included.
    public var fontFamilies: [String]?
    /// CSS `font-size`, TTML `tts:fontSize`; nil leaves it to the format's default and the viewer's
    /// text size.
    public var fontSize: Length?
    /// Normal, italic or oblique: CSS `font-style`, TTML `tts:fontStyle` (`<i>` is a span kind).
    public var fontStyle: FontStyle?
    /// Normal or bold: CSS `font-weight`, TTML `tts:fontWeight` (`<b>` is a span kind).
    public var fontWeight: FontWeight?
    /// The lines drawn; empty means explicitly none.
    public var textDecoration: TextDecoration?
    /// CSS `opacity`, TTML `tts:opacity`: 0 transparent … 1 opaque, multiplied into the text and
    /// background colours' own alpha.
    public var opacity: Fraction?
    /// CSS `visibility`, TTML `tts:visibility`: hidden text keeps its space but draws nothing.
    public var visibility: Visibility?
    /// Shadows in paint order (the first on top); empty means explicitly none.
    public var textShadow: [TextShadow]?
    /// Nil: the text's colour.
    public var textDecorationColor: Color?
    /// CSS `text-decoration-style`: solid, double, dotted, dashed or wavy lines.
    public var textDecorationStyle: TextDecorationStyle?
    /// A line around the glyphs (TTML `tts:textOutline`) or around the text's boxes (CSS `outline`).
    public var outline: Outline?
    /// CSS `line-height`, TTML `tts:lineHeight`.
    public var lineHeight: LineHeight?
    /// How spaces and line breaks in the text are kept: CSS `white-space`, TTML `xml:space`.
    public var whiteSpaceCollapse: WhiteSpaceCollapse?
    /// Whether long lines wrap: CSS `text-wrap-mode`, TTML `tts:wrapOption`.
    public var textWrap: TextWrap?
    /// Horizontal-in-vertical text: CSS `text-combine-upright`, TTML `tts:textCombine`.
    public var textCombine: TextCombine?
    /// Where ruby annotations go: CSS `ruby-position`, TTML `tts:rubyPosition`.
    public var rubyPosition: RubyPosition?
    /// How annotations are spread over their bases: CSS `ruby-align`, TTML `tts:rubyAlign`.
    public var rubyAlign: RubyAlign?
    /// Space kept for ruby on every line: TTML `tts:rubyReserve`.
    public var rubyReserve: RubyReserve?
    /// The alignment of a paragraph's lines within their block: EBU-TT-D `ebutts:multiRowAlign`.
    public var multiRowAlign: MultiRowAlign?
    /// Padding at the start and end of each line's inline backgrounds, the text moved in by it:
    /// EBU-TT-D `ebutts:linePadding` (in cells).
    public var linePadding: Length?
    /// True when inline backgrounds fill the whole line box, leaving no gap between lines:
    /// IMSC 1.1 `itts:fillLineGap`.
    public var fillLineGap: Bool?
    /// The paragraph's or span's base direction: CSS `direction`, TTML `tts:direction`.
    public var direction: Direction?
    /// CSS `unicode-bidi`, TTML `tts:unicodeBidi`.
    public var unicodeBidi: UnicodeBidi?
    /// Emphasis marks: CSS `text-emphasis`, TTML `tts:textEmphasis`.
    public var textEmphasis: TextEmphasis?
    /// The slant of the text, as a proportion of a right angle (−1…1; 1/6 slants it by 15°),
    /// positive leaning the glyphs forward in the inline direction: TTML `tts:shear` (IMSC 1.1).
    public var shear: Fraction?
    /// Superscript or subscript: CSS `font-variant-position`, TTML `tts:fontVariant`.
    public var fontVariantPosition: FontVariantPosition?
    /// The colour of text its cue's inline timestamps have not reached yet, karaoke's "not yet
    /// sung" colour: ASS `SecondaryColour` for `\k`, WebVTT `::cue(:future) { color }`, TTML a
    /// `<set>` of `tts:color` at each timestamp. Text already reached (or before the first
    /// timestamp) has `color`. Nil: timestamps change no colour.
    public var futureColor: Color?

    /// A style setting the properties given; nil for every one not given (the content does not say).
    public init(color: Color? = nil, backgroundColor: Color? = nil, fontFamilies: [String]? = nil,
                fontSize: Length? = nil, fontStyle: FontStyle? = nil, fontWeight: FontWeight? = nil,
                textDecoration: TextDecoration? = nil, opacity: Fraction? = nil,
                visibility: Visibility? = nil, textShadow: [TextShadow]? = nil,
                textDecorationColor: Color? = nil, textDecorationStyle: TextDecorationStyle? = nil,
                outline: Outline? = nil, lineHeight: LineHeight? = nil,
                whiteSpaceCollapse: WhiteSpaceCollapse? = nil, textWrap: TextWrap? = nil,
                textCombine: TextCombine? = nil, rubyPosition: RubyPosition? = nil,
                rubyAlign: RubyAlign? = nil, rubyReserve: RubyReserve? = nil, multiRowAlign: MultiRowAlign? = nil,
                linePadding: Length? = nil, fillLineGap: Bool? = nil, direction: Direction? = nil,
                unicodeBidi: UnicodeBidi? = nil, textEmphasis: TextEmphasis? = nil, shear: Fraction? = nil,
                fontVariantPosition: FontVariantPosition? = nil, futureColor: Color? = nil) {
        self.color = color
        self.backgroundColor = backgroundColor
        self.fontFamilies = fontFamilies
        self.fontSize = fontSize
        self.fontStyle = fontStyle
        self.fontWeight = fontWeight
        self.textDecoration = textDecoration
        self.opacity = opacity
        self.visibility = visibility
        self.textShadow = textShadow
        self.textDecorationColor = textDecorationColor
        self.textDecorationStyle = textDecorationStyle
        self.outline = outline
        self.lineHeight = lineHeight
        self.whiteSpaceCollapse = whiteSpaceCollapse
        self.textWrap = textWrap
        self.textCombine = textCombine
        self.rubyPosition = rubyPosition
        self.rubyAlign = rubyAlign
        self.rubyReserve = rubyReserve
        self.multiRowAlign = multiRowAlign
        self.linePadding = linePadding
        self.fillLineGap = fillLineGap
        self.direction = direction
        self.unicodeBidi = unicodeBidi
        self.textEmphasis = textEmphasis
        self.shear = shear
        self.fontVariantPosition = fontVariantPosition
        self.futureColor = futureColor
    }

    /// No property set.
    public static let none = StyleProperties()

    /// The CSS names of the properties this sets (`color`, `background-color`, …), for writers
    /// that report what their format cannot say.
    public var propertyNames: [String] {
        var names: [String] = []
        if color != nil { names.append("color") }
        if backgroundColor != nil { names.append("background-color") }
        if fontFamilies != nil { names.append("font-family") }
        if fontSize != nil { names.append("font-size") }
        if fontStyle != nil { names.append("font-style") }
        if fontWeight != nil { names.append("font-weight") }
        if textDecoration != nil { names.append("text-decoration") }
        if opacity != nil { names.append("opacity") }
        if visibility != nil { names.append("visibility") }
        if textShadow != nil { names.append("text-shadow") }
        if textDecorationColor != nil { names.append("text-decoration-color") }
        if textDecorationStyle != nil { names.append("text-decoration-style") }
        if outline != nil { names.append("outline") }
        if lineHeight != nil { names.append("line-height") }
        if whiteSpaceCollapse != nil { names.append("white-space") }
        if textWrap != nil { names.append("text-wrap") }
        if textCombine != nil { names.append("text-combine-upright") }
        if rubyPosition != nil { names.append("ruby-position") }
        if rubyAlign != nil { names.append("ruby-align") }
        if rubyReserve != nil { names.append("ruby-reserve") }
        if multiRowAlign != nil { names.append("multi-row-align") }
        if linePadding != nil { names.append("line-padding") }
        if fillLineGap != nil { names.append("fill-line-gap") }
        if direction != nil { names.append("direction") }
        if unicodeBidi != nil { names.append("unicode-bidi") }
        if textEmphasis != nil { names.append("text-emphasis") }
        if shear != nil { names.append("shear") }
        if fontVariantPosition != nil { names.append("font-variant-position") }
        if futureColor != nil { names.append("future-color") }
        return names
    }

    /// These properties without those set to a value that draws nothing different from leaving
    /// them out: full opacity, visible, upright, normal weight, no decoration, no shadow, normal
    /// line height, no combining, left-to-right, normal bidi, no emphasis, no shear, no
    /// super/subscript, automatic multi-row alignment, no line padding, no line-gap fill, centred
    /// ruby, no ruby reserve. TTML states every one of them on every paragraph; a writer whose
    /// format has no form for them loses nothing by leaving them out, and says nothing.
    public var withoutInitialValues: StyleProperties {
        var s = self
        if s.opacity == .one { s.opacity = nil }
        if s.visibility == .visible { s.visibility = nil }
        if s.fontStyle == .normal { s.fontStyle = nil }
        if s.fontWeight == .normal { s.fontWeight = nil }
        if s.textDecoration == [] { s.textDecoration = nil }
        if s.textShadow?.isEmpty == true { s.textShadow = nil }
        if s.lineHeight == .normal { s.lineHeight = nil }
        if case .none? = s.textCombine { s.textCombine = nil }
        if s.direction == .ltr { s.direction = nil }
        if s.unicodeBidi == .normal { s.unicodeBidi = nil }
        if let emphasis = s.textEmphasis, emphasis.style == .none { s.textEmphasis = nil }
        if s.shear == .zero { s.shear = nil }
        if s.fontVariantPosition == .normal { s.fontVariantPosition = nil }
        if s.multiRowAlign == .auto { s.multiRowAlign = nil }
        if let padding = s.linePadding, padding == .cells(.zero) || padding == .viewportHeight(.zero) { s.linePadding = nil }
        if s.fillLineGap == false { s.fillLineGap = nil }
        if s.rubyAlign == .center { s.rubyAlign = nil }
        if let reserve = s.rubyReserve, reserve.side == .none { s.rubyReserve = nil }
        return s
    }

    /// True when no property is set (the same as `== .none`).
    public var isEmpty: Bool { self == .none }

    /// These properties without those whose value `parent` already has: what a child element adds
    /// to what it inherits, when both are fully computed (a TTML span under its paragraph).
    public func removingValues(sharedWith parent: StyleProperties) -> StyleProperties {
        var result = self
        if result.color == parent.color { result.color = nil }
        if result.backgroundColor == parent.backgroundColor { result.backgroundColor = nil }
        if result.fontFamilies == parent.fontFamilies { result.fontFamilies = nil }
        if result.fontSize == parent.fontSize { result.fontSize = nil }
        if result.fontStyle == parent.fontStyle { result.fontStyle = nil }
        if result.fontWeight == parent.fontWeight { result.fontWeight = nil }
        if result.textDecoration == parent.textDecoration { result.textDecoration = nil }
        if result.opacity == parent.opacity { result.opacity = nil }
        if result.visibility == parent.visibility { result.visibility = nil }
        if result.textShadow == parent.textShadow { result.textShadow = nil }
        if result.textDecorationColor == parent.textDecorationColor { result.textDecorationColor = nil }
        if result.textDecorationStyle == parent.textDecorationStyle { result.textDecorationStyle = nil }
        if result.outline == parent.outline { result.outline = nil }
        if result.lineHeight == parent.lineHeight { result.lineHeight = nil }
        if result.whiteSpaceCollapse == parent.whiteSpaceCollapse { result.whiteSpaceCollapse = nil }
        if result.textWrap == parent.textWrap { result.textWrap = nil }
        if result.textCombine == parent.textCombine { result.textCombine = nil }
        if result.rubyPosition == parent.rubyPosition { result.rubyPosition = nil }
        if result.rubyAlign == parent.rubyAlign { result.rubyAlign = nil }
        if result.rubyReserve == parent.rubyReserve { result.rubyReserve = nil }
        if result.multiRowAlign == parent.multiRowAlign { result.multiRowAlign = nil }
        if result.linePadding == parent.linePadding { result.linePadding = nil }
        if result.fillLineGap == parent.fillLineGap { result.fillLineGap = nil }
        if result.direction == parent.direction { result.direction = nil }
        if result.unicodeBidi == parent.unicodeBidi { result.unicodeBidi = nil }
        if result.textEmphasis == parent.textEmphasis { result.textEmphasis = nil }
        if result.shear == parent.shear { result.shear = nil }
        if result.fontVariantPosition == parent.fontVariantPosition { result.fontVariantPosition = nil }
        if result.futureColor == parent.futureColor { result.futureColor = nil }
        return result
    }

    /// These properties with every property `other` sets taking its value: what a later, more
    /// specific source of style (a CSS rule, a child span, a viewer's forced setting) does.
    public func overlaid(by other: StyleProperties) -> StyleProperties {
        var result = self
        if let value = other.color { result.color = value }
        if let value = other.backgroundColor { result.backgroundColor = value }
        if let value = other.fontFamilies { result.fontFamilies = value }
        if let value = other.fontSize { result.fontSize = value }
        if let value = other.fontStyle { result.fontStyle = value }
        if let value = other.fontWeight { result.fontWeight = value }
        if let value = other.textDecoration { result.textDecoration = value }
        if let value = other.opacity { result.opacity = value }
        if let value = other.visibility { result.visibility = value }
        if let value = other.textShadow { result.textShadow = value }
        if let value = other.textDecorationColor { result.textDecorationColor = value }
        if let value = other.textDecorationStyle { result.textDecorationStyle = value }
        if let value = other.outline { result.outline = value }
        if let value = other.lineHeight { result.lineHeight = value }
        if let value = other.whiteSpaceCollapse { result.whiteSpaceCollapse = value }
        if let value = other.textWrap { result.textWrap = value }
        if let value = other.textCombine { result.textCombine = value }
        if let value = other.rubyPosition { result.rubyPosition = value }
        if let value = other.rubyAlign { result.rubyAlign = value }
        if let value = other.rubyReserve { result.rubyReserve = value }
        if let value = other.multiRowAlign { result.multiRowAlign = value }
        if let value = other.linePadding { result.linePadding = value }
        if let value = other.fillLineGap { result.fillLineGap = value }
        if let value = other.direction { result.direction = value }
        if let value = other.unicodeBidi { result.unicodeBidi = value }
        if let value = other.textEmphasis { result.textEmphasis = value }
        if let value = other.shear { result.shear = value }
        if let value = other.fontVariantPosition { result.fontVariantPosition = value }
        if let value = other.futureColor { result.futureColor = value }
        return result
    }
}
