/// The inline content of a cue: the common tree that every format's cue text reads into.
public enum InlineNode: Sendable, Hashable {
    /// Text to show; lines are split by `.lineBreak` nodes, not by newlines in the text.
    case text(String)
    /// A line break (WebVTT and SRT line ends, TTML `<br/>`).
    case lineBreak
    /// A WebVTT inline timestamp or a karaoke/paint-on point: content after it appears at this time.
    case timestamp(MediaTime)
    // Boxed: most nodes are text, and a span's payload is large; this keeps a node at 24 bytes.
    /// An element around content: italic, a voice, a language, a class or a styled span.
    indirect case span(InlineSpan)
    /// Ruby: base text with annotations (furigana) drawn over or beside it.
    indirect case ruby(Ruby)

    /// True when a span among `nodes` (at any depth) states a karaoke colour
    /// (`StyleProperties.futureColor`); a cue's own style is not looked at.
    public static func containsFutureColor(_ nodes: [InlineNode]) -> Bool {
        nodes.contains { node in
            guard case .span(let span) = node else { return false }
            return (span.hasStyle && span.style.futureColor != nil) || containsFutureColor(span.children)
        }
    }

    /// True when any span, ruby or ruby annotation in the nodes carries a style.
    public static func containsStyle(_ nodes: [InlineNode]) -> Bool {
        for node in nodes {
            switch node {
            case .text, .lineBreak, .timestamp:
                continue
            case .span(let span):
                if span.hasStyle || containsStyle(span.children) { return true }
            case .ruby(let ruby):
                if ruby.hasStyle { return true }
                for segment in ruby.segments {
                    if segment.hasAnnotationStyle || containsStyle(segment.base) || containsStyle(segment.annotation ?? []) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// Plain text of a node list: markup removed, ruby annotations omitted, breaks as `\n`.
    public static func plainText(of nodes: [InlineNode]) -> String {
        // Most cues are one text node, or text lines with breaks: skip the general walk for them.
        if nodes.count == 1, case .text(let s) = nodes[0] { return s }
        var out = ""
        appendPlainText(of: nodes, to: &out)
        return out
    }

    static func appendPlainText(of nodes: [InlineNode], to out: inout String) {
        for node in nodes {
            switch node {
            case .text(let s): out += s
            case .lineBreak: out += "\n"
            case .timestamp: break
            case .span(let span): appendPlainText(of: span.children, to: &out)
            case .ruby(let ruby):
                for segment in ruby.segments { appendPlainText(of: segment.base, to: &out) }
            }
        }
    }
}

/// A style held once and given to many nodes: a reader that applies the same rule result to
/// thousands of spans stores it once (nodes compare by value all the same).
public struct SharedStyle: Sendable, Hashable {
    let storage: Indirect<StyleProperties>?

    /// Stores `style` once, for every node it is given to (nothing for an empty style).
    public init(_ style: StyleProperties) { storage = style.isEmpty ? nil : Indirect(style) }
    init(storage: Indirect<StyleProperties>?) { self.storage = storage }

    /// The style stored (`.none` when empty).
    public var style: StyleProperties { storage?.value ?? .none }

    /// Which stored copy this is (nil for no style): two shared styles with the same identity are
    /// equal without comparing them, which makes grouping thousands of cues by style cheap.
    public var identity: ObjectIdentifier? { storage.map(ObjectIdentifier.init) }
}

/// An inline element with a meaning (`<i>`, `<v Joe>`, `<lang ja>`) or plain styling (a TTML
/// `span`, an SRT `<font>`), with its classes and its content styles.
public struct InlineSpan: Sendable, Hashable {
    /// What the span means; its styles, if any, are in `style`.
    public enum Kind: Sendable, Hashable {
        /// Italic text: WebVTT and SRT `<i>`, CEA-608 italics.
        case italic
        /// Bold text: WebVTT and SRT `<b>`.
        case bold
        /// Underlined text: WebVTT and SRT `<u>`, CEA-608 underline.
        case underline
        /// WebVTT `<c>`: classes only.
        case `class`
        /// WebVTT `<v>`, TTML `ttm:agent`: who is speaking.
        case voice(String)
        /// WebVTT `<lang>`, TTML `xml:lang`: a BCP 47 tag.
        case language(String)
        /// A span that only carries styles (TTML `span`, SRT `<font>`).
        case styled
    }

    /// What the span means (italic, a voice, a language, …).
    public var kind: Kind
    /// WebVTT classes (`<c.yellow.loud>` gives `yellow`, `loud`), for `::cue(.yellow)` rules and
    /// a player's own styling; empty when none.
    public var classes: [String]
    /// The styles the content gives this span itself (TTML attributes, an SRT `<font>`, WebVTT
    /// `::cue` rules that match it); empty when none.
    public var style: StyleProperties {
        get { styleStorage?.value ?? .none }
        set { styleStorage = newValue.isEmpty ? nil : Indirect(newValue) }
    }
    // Out of line and nil when empty, as `Cue.style`: most spans have no style, and a span's
    // box would otherwise carry the whole property set.
    private var styleStorage: Indirect<StyleProperties>?

    /// True when `style` is not empty (without copying it).
    public var hasStyle: Bool { styleStorage != nil }

    /// The style as stored, to share or to compare by identity (and to give many spans while
    /// stored once).
    public var sharedStyle: SharedStyle {
        get { SharedStyle(storage: styleStorage) }
        set { styleStorage = newValue.storage }
    }
    /// The content inside the span.
    public var children: [InlineNode]
    /// True when the span is a whole paragraph (a TTML `p`, or a `div` with a background around
    /// its paragraphs), a block rather than a run of inline text: its background colour covers
    /// its lines across the region's width (TTML2 §10.2.2), where an inline span's covers only
    /// its own text.
    public var isParagraph: Bool = false

    /// A span whose style is stored once and shared with other nodes (a reader's repeated rule);
    /// `isParagraph` for a TTML `p`.
    public init(_ kind: Kind, classes: [String] = [], sharedStyle: SharedStyle, children: [InlineNode], isParagraph: Bool = false) {
        self.kind = kind
        self.classes = classes
        self.styleStorage = sharedStyle.storage
        self.children = children
        self.isParagraph = isParagraph
    }

    /// A span with its own style (an empty one stores nothing); `isParagraph` for a TTML `p`.
    public init(_ kind: Kind, classes: [String] = [], style: StyleProperties = .none, children: [InlineNode], isParagraph: Bool = false) {
        self.kind = kind
        self.classes = classes
        self.styleStorage = style.isEmpty ? nil : Indirect(style)
        self.children = children
        self.isParagraph = isParagraph
    }
}

/// Ruby text (furigana): a sequence of base runs, each with an optional annotation, as WebVTT's
/// `<ruby>base<rt>annotation</rt>…</ruby>` and TTML's ruby containers both express.
public struct Ruby: Sendable, Hashable {
    /// WebVTT classes on the `<ruby>` element.
    public var classes: [String]
    /// The base runs in order, each with its annotation.
    public var segments: [RubySegment]
    /// Styles for the whole ruby, base and annotations alike.
    public var style: StyleProperties {
        get { styleStorage?.value ?? .none }
        set { styleStorage = newValue.isEmpty ? nil : Indirect(newValue) }
    }
    // Out of line and nil when empty, as `Cue.style`: most spans have no style, and a span's
    // box would otherwise carry the whole property set.
    private var styleStorage: Indirect<StyleProperties>?

    /// True when `style` is not empty (without copying it).
    public var hasStyle: Bool { styleStorage != nil }

    /// A ruby from its segments; an empty `style` stores nothing.
    public init(classes: [String] = [], segments: [RubySegment], style: StyleProperties = .none) {
        self.classes = classes
        self.segments = segments
        self.styleStorage = style.isEmpty ? nil : Indirect(style)
    }
}

/// One base run of a ruby and the annotation (`rt`) that goes with it.
public struct RubySegment: Sendable, Hashable {
    /// The base text the annotation belongs to (the kanji, for furigana).
    public var base: [InlineNode]
    /// The annotation (`rt`), or nil for base text that has none.
    public var annotation: [InlineNode]?
    /// WebVTT classes on the `rt` element.
    public var annotationClasses: [String]
    /// Styles for the annotation alone (a WebVTT `::cue(rt)` rule, a TTML `tts:ruby="text"` span);
    /// the ruby's own `style` covers base and annotation.
    public var annotationStyle: StyleProperties {
        get { annotationStyleStorage?.value ?? .none }
        set { annotationStyleStorage = newValue.isEmpty ? nil : Indirect(newValue) }
    }
    private var annotationStyleStorage: Indirect<StyleProperties>?

    /// True when `annotationStyle` is not empty (without copying it).
    public var hasAnnotationStyle: Bool { annotationStyleStorage != nil }

    /// A segment; `annotation` nil for base text without one; an empty style stores nothing.
    public init(base: [InlineNode], annotation: [InlineNode]?, annotationClasses: [String] = [],
                annotationStyle: StyleProperties = .none) {
        self.base = base
        self.annotation = annotation
        self.annotationClasses = annotationClasses
        self.annotationStyleStorage = annotationStyle.isEmpty ? nil : Indirect(annotationStyle)
    }
}
