import TimedText
public import XML

/// One TTML style property: its attribute name, whether it inherits, its initial value, how it
/// animates and the grammar of its value (TTML2 §10.2; the IMSC and EBU-TT-D extensions too).
public struct TTMLStyleProperty: Sendable {
    /// TTML2 §10.2: which animation a property admits (`set` is discrete; `animate` with
    /// `calcMode` other than `discrete` needs continuous).
    public enum Animation: Sendable, Hashable { case none, discrete, continuous }

    enum Grammar: Sendable {
        case keywords([String])
        case color
        case length(TTMLLengthRule)
        case fontSize
        case fontFamily
        case measure
        case extent
        case origin
        case position
        case padding
        case lineHeight
        case letterSpacing
        case alpha
        /// Unsigned number (`luminanceGain`).
        case nonNegativeNumber
        /// Signed number within bounds (`tta:gain`, `tta:pan`).
        case number(ClosedRange<Fraction>?)
        case percentage
        case textDecoration
        case textOutline
        case textShadow
        case textEmphasis
        case border
        case rubyReserve
        case fontVariant
        case zIndex
        case backgroundImage
        case textCombine
        case pitch
        case boolean
    }

    /// The attribute that sets it (`tts:color`).
    public let name: XMLName
    /// Whether an element that does not specify it takes its parent's computed value.
    public let inherited: Bool
    /// The initial value as TTML2 writes it; parsed with the property's own grammar.
    public let initialText: String
    /// Which animation it admits.
    public let animation: Animation
    let grammar: Grammar

    init(_ namespace: String, _ local: String, inherited: Bool, initial: String, animation: Animation, _ grammar: Grammar) {
        self.name = XMLName(namespace, local)
        self.inherited = inherited
        self.initialText = initial
        self.animation = animation
        self.grammar = grammar
    }

    /// The property's initial value, parsed.
    public var initialValue: TTMLStyleValue {
        // The table's initial texts are all valid for their grammars (a unit test checks it).
        (try? parse(initialText).get()) ?? .keyword(initialText)
    }

    /// The property this attribute name sets, if it is one.
    public static func named(_ name: XMLName) -> TTMLStyleProperty? { byName[name] }

    /// Every property, in the order style computation visits them (`named(_:)` finds one).
    package static let all: [TTMLStyleProperty] = catalogue
    static let byName: [XMLName: TTMLStyleProperty] = Dictionary(uniqueKeysWithValues: catalogue.map { ($0.name, $0) })
}

/// Namespaces TTML2 uses besides those of `XMLNamespace`.
public enum TTMLExtraNamespace {
    /// Audio styling (`tta:gain`, `tta:pan`, `tta:pitch`, `tta:speak`).
    public static let audio = "http://www.w3.org/ns/ttml#audio"
    /// XLink (`xlink:href`).
    public static let xlink = "http://www.w3.org/1999/xlink"
    /// TTML's datatype namespace.
    public static let datatype = "http://www.w3.org/ns/ttml#datatype"
}

private let tts = XMLNamespace.tts
private let tta = TTMLExtraNamespace.audio

private let catalogue: [TTMLStyleProperty] = [
    .init(tts, "backgroundClip", inherited: false, initial: "border", animation: .discrete, .keywords(["border", "padding", "content"])),
    .init(tts, "backgroundColor", inherited: false, initial: "transparent", animation: .continuous, .color),
    .init(tts, "backgroundExtent", inherited: false, initial: "auto", animation: .continuous, .extent),
    .init(tts, "backgroundImage", inherited: false, initial: "none", animation: .discrete, .backgroundImage),
    .init(tts, "backgroundOrigin", inherited: false, initial: "padding", animation: .discrete, .keywords(["border", "padding", "content"])),
    .init(tts, "backgroundPosition", inherited: false, initial: "0% 0%", animation: .continuous, .position),
    .init(tts, "backgroundRepeat", inherited: false, initial: "repeat", animation: .discrete, .keywords(["repeat", "repeatX", "repeatY", "noRepeat"])),
    .init(tts, "border", inherited: false, initial: "none", animation: .continuous, .border),
    .init(tts, "bpd", inherited: false, initial: "auto", animation: .continuous, .measure),
    .init(tts, "color", inherited: true, initial: "white", animation: .continuous, .color),
    .init(tts, "direction", inherited: true, initial: "ltr", animation: .discrete, .keywords(["ltr", "rtl"])),
    .init(tts, "disparity", inherited: false, initial: "0px", animation: .continuous, .length(.signed)),
    .init(tts, "display", inherited: false, initial: "auto", animation: .discrete, .keywords(["auto", "none", "inlineBlock"])),
    .init(tts, "displayAlign", inherited: false, initial: "before", animation: .discrete, .keywords(["before", "center", "after", "justify"])),
    .init(tts, "extent", inherited: false, initial: "auto", animation: .continuous, .extent),
    .init(tts, "fontFamily", inherited: true, initial: "default", animation: .discrete, .fontFamily),
    .init(tts, "fontKerning", inherited: true, initial: "normal", animation: .discrete, .keywords(["none", "normal"])),
    .init(tts, "fontSelectionStrategy", inherited: true, initial: "auto", animation: .discrete, .keywords(["auto", "character"])),
    .init(tts, "fontShear", inherited: true, initial: "0%", animation: .continuous, .percentage),
    .init(tts, "fontSize", inherited: true, initial: "1c", animation: .continuous, .fontSize),
    .init(tts, "fontStyle", inherited: true, initial: "normal", animation: .discrete, .keywords(["normal", "italic", "oblique"])),
    .init(tts, "fontVariant", inherited: true, initial: "normal", animation: .discrete, .fontVariant),
    .init(tts, "fontWeight", inherited: true, initial: "normal", animation: .discrete, .keywords(["normal", "bold"])),
    .init(tts, "ipd", inherited: false, initial: "auto", animation: .continuous, .measure),
    .init(tts, "letterSpacing", inherited: true, initial: "normal", animation: .continuous, .letterSpacing),
    .init(tts, "lineHeight", inherited: true, initial: "normal", animation: .continuous, .lineHeight),
    .init(tts, "lineShear", inherited: true, initial: "0%", animation: .continuous, .percentage),
    .init(tts, "luminanceGain", inherited: false, initial: "1", animation: .continuous, .nonNegativeNumber),
    .init(tts, "opacity", inherited: false, initial: "1", animation: .continuous, .alpha),
    .init(tts, "origin", inherited: false, initial: "auto", animation: .continuous, .origin),
    .init(tts, "overflow", inherited: false, initial: "hidden", animation: .discrete, .keywords(["visible", "hidden"])),
    .init(tts, "padding", inherited: false, initial: "0px", animation: .continuous, .padding),
    .init(tts, "position", inherited: false, initial: "top left", animation: .continuous, .position),
    .init(tts, "ruby", inherited: false, initial: "none", animation: .none,
          .keywords(["none", "container", "base", "baseContainer", "text", "textContainer", "delimiter"])),
    .init(tts, "rubyAlign", inherited: true, initial: "center", animation: .discrete,
          .keywords(["start", "center", "end", "spaceAround", "spaceBetween", "withBase"])),
    .init(tts, "rubyPosition", inherited: true, initial: "outside", animation: .discrete, .keywords(["before", "after", "outside"])),
    .init(tts, "rubyReserve", inherited: true, initial: "none", animation: .discrete, .rubyReserve),
    .init(tts, "shear", inherited: true, initial: "0%", animation: .continuous, .percentage),
    .init(tts, "showBackground", inherited: false, initial: "always", animation: .discrete, .keywords(["always", "whenActive"])),
    .init(tts, "textAlign", inherited: true, initial: "start", animation: .discrete,
          .keywords(["left", "center", "right", "start", "end", "justify"])),
    .init(tts, "textCombine", inherited: true, initial: "none", animation: .discrete, .textCombine),
    .init(tts, "textDecoration", inherited: true, initial: "none", animation: .discrete, .textDecoration),
    .init(tts, "textEmphasis", inherited: true, initial: "none", animation: .discrete, .textEmphasis),
    .init(tts, "textOrientation", inherited: true, initial: "mixed", animation: .discrete, .keywords(["mixed", "sideways", "upright"])),
    .init(tts, "textOutline", inherited: true, initial: "none", animation: .continuous, .textOutline),
    .init(tts, "textShadow", inherited: true, initial: "none", animation: .continuous, .textShadow),
    .init(tts, "unicodeBidi", inherited: false, initial: "normal", animation: .discrete,
          .keywords(["normal", "embed", "bidiOverride", "isolate"])),
    .init(tts, "visibility", inherited: true, initial: "visible", animation: .discrete, .keywords(["visible", "hidden"])),
    .init(tts, "wrapOption", inherited: true, initial: "wrap", animation: .discrete, .keywords(["wrap", "noWrap"])),
    .init(tts, "writingMode", inherited: false, initial: "lrtb", animation: .discrete,
          .keywords(["lrtb", "rltb", "tbrl", "tblr", "lr", "rl", "tb"])),
    .init(tts, "zIndex", inherited: false, initial: "auto", animation: .discrete, .zIndex),

    // TTML2 §10.2 audio styles.
    .init(tta, "gain", inherited: false, initial: "1", animation: .continuous, .number(Fraction(0)...Fraction(Int64.max / 4))),
    .init(tta, "pan", inherited: false, initial: "0", animation: .continuous, .number(Fraction(-1)...Fraction(1))),
    .init(tta, "pitch", inherited: true, initial: "0", animation: .continuous, .pitch),
    .init(tta, "speak", inherited: true, initial: "none", animation: .discrete, .keywords(["none", "normal", "fast", "slow"])),

    // IMSC 1.1 §8.4 and EBU-TT-D (Tech 3380 §4) extensions.
    .init(XMLNamespace.itts, "fillLineGap", inherited: true, initial: "false", animation: .discrete, .boolean),
    .init(XMLNamespace.itts, "forcedDisplay", inherited: true, initial: "false", animation: .discrete, .boolean),
    .init(XMLNamespace.ebutts, "linePadding", inherited: true, initial: "0c", animation: .discrete,
          .length(TTMLLengthRule(allowNegative: false, allowPercent: false, units: [.cells]))),
    .init(XMLNamespace.ebutts, "multiRowAlign", inherited: true, initial: "auto", animation: .discrete,
          .keywords(["start", "center", "end", "auto"])),
]
