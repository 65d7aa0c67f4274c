public import TimedText

/// One of CEA-708's 64 colours (two bits each of red, green and blue: 0, 85, 170, 255) with its
/// opacity (CEA-708-E §8.8).
public struct CEA708Color: Sendable, Hashable {
    /// How the colour is drawn over what is behind it.
    public enum Opacity: Int, Sendable, Hashable {
        /// Drawn opaque.
        case solid = 0
        /// Alternating between solid and transparent: the model has no flashing, so it is drawn
        /// solid and said (`cea708.flash`).
        case flash = 1
        /// Half see-through.
        case translucent = 2
        /// Not drawn.
        case transparent = 3
    }

    /// Red, green and blue, 0–3 each.
    public var red: Int, green: Int, blue: Int
    /// How it is drawn.
    public var opacity: Opacity

    /// A colour from its 2-bit components and opacity.
    public init(red: Int, green: Int, blue: Int, opacity: Opacity = .solid) {
        self.red = red & 3
        self.green = green & 3
        self.blue = blue & 3
        self.opacity = opacity
    }

    /// A colour from the standard's byte: `opacity(2) red(2) green(2) blue(2)`.
    init(byte: UInt8, opacity: Opacity? = nil) {
        self.init(red: Int(byte >> 4), green: Int(byte >> 2), blue: Int(byte),
                  opacity: opacity ?? Opacity(rawValue: Int(byte >> 6))!)
    }

    /// The colour's low six bits, `red(2) green(2) blue(2)`.
    var rgbBits: UInt8 { UInt8(red << 4 | green << 2 | blue) }

    /// Solid black and solid white, the pen's usual background and text.
    public static let black = CEA708Color(red: 0, green: 0, blue: 0)
    /// Solid white.
    public static let white = CEA708Color(red: 3, green: 3, blue: 3)
    /// Transparent (black).
    public static let transparent = CEA708Color(red: 0, green: 0, blue: 0, opacity: .transparent)

    /// As the model's colour: components scaled to 0–255; translucent at half alpha, transparent
    /// at none, solid and flashing opaque.
    public var color: Color {
        let alpha: UInt8 = switch opacity {
        case .solid, .flash: 255
        case .translucent: 128
        case .transparent: 0
        }
        return Color(red: UInt8(red * 85), green: UInt8(green * 85), blue: UInt8(blue * 85), alpha: alpha)
    }
}

/// SetPenAttributes (CEA-708-E §8.10.5.7 / §8.5.1): how text written from here on looks.
public struct CEA708PenAttributes: Sendable, Hashable {
    /// Pen size: small, standard or large (3 is reserved, read as standard).
    public enum Size: Int, Sendable, Hashable { case small = 0, standard = 1, large = 2 }
    /// Subscript, normal or superscript (3 is reserved, read as normal).
    public enum Offset: Int, Sendable, Hashable { case `subscript` = 0, normal = 1, superscript = 2 }
    /// The character edge (6 and 7 are reserved, read as none).
    public enum Edge: Int, Sendable, Hashable {
        case none = 0, raised, depressed, uniform, leftDropShadow, rightDropShadow
    }

    /// Small, standard or large text.
    public var size: Size
    /// Subscript, normal or superscript.
    public var offset: Offset
    /// 0 dialog, 1 source or speaker, 2 electronic voice, 3 other language, 4 voiceover,
    /// 5 audible translation, 6 subtitle translation, 7 voice quality, 8 song lyrics, 9 sound
    /// effect, 10 musical score, 11 expletive, 15 not to be displayed (12–14 reserved).
    public var textTag: Int
    /// 0 default, 1 monospaced serif, 2 proportional serif, 3 monospaced sans serif,
    /// 4 proportional sans serif, 5 casual, 6 cursive, 7 small capitals.
    public var fontStyle: Int
    /// Italic text.
    public var italics: Bool
    /// Underlined text.
    public var underline: Bool
    /// The character edge.
    public var edge: Edge

    /// Attributes from their fields.
    public init(size: Size = .standard, offset: Offset = .normal, textTag: Int = 0, fontStyle: Int = 0,
                italics: Bool = false, underline: Bool = false, edge: Edge = .none) {
        self.size = size
        self.offset = offset
        self.textTag = textTag
        self.fontStyle = fontStyle
        self.italics = italics
        self.underline = underline
        self.edge = edge
    }

    /// The two parameter bytes: `text_tag(4) offset(2) pen_size(2)`,
    /// `italics(1) underline(1) edge_type(3) font_style(3)`.
    init(bytes p: ArraySlice<UInt8>) {
        let a = p[p.startIndex], b = p[p.startIndex + 1]
        self.init(size: Size(rawValue: Int(a & 3)) ?? .standard, offset: Offset(rawValue: Int((a >> 2) & 3)) ?? .normal,
                  textTag: Int(a >> 4), fontStyle: Int(b & 7), italics: b & 0x80 != 0, underline: b & 0x40 != 0,
                  edge: Edge(rawValue: Int((b >> 3) & 7)) ?? .none)
    }

    /// The two parameter bytes.
    var bytes: [UInt8] {
        [UInt8(textTag & 15) << 4 | UInt8(offset.rawValue) << 2 | UInt8(size.rawValue),
         (italics ? 0x80 : 0) | (underline ? 0x40 : 0) | UInt8(edge.rawValue) << 3 | UInt8(fontStyle & 7)]
    }
}

/// SetPenColor (CEA-708-E §8.10.5.8): the pen's foreground, background and edge colours.
public struct CEA708PenColor: Sendable, Hashable {
    /// The text's colour and opacity.
    public var foreground: CEA708Color
    /// The colour behind each character cell, and its opacity.
    public var background: CEA708Color
    /// The edge's colour (always solid: the edge takes the foreground's opacity).
    public var edge: CEA708Color

    /// Colours from their parts.
    public init(foreground: CEA708Color = .white, background: CEA708Color = .black, edge: CEA708Color = .black) {
        self.foreground = foreground
        self.background = background
        self.edge = edge
    }

    /// The three parameter bytes: foreground and background `opacity(2) r(2) g(2) b(2)`, then
    /// `00 r(2) g(2) b(2)` for the edge.
    init(bytes p: ArraySlice<UInt8>) {
        self.init(foreground: CEA708Color(byte: p[p.startIndex]), background: CEA708Color(byte: p[p.startIndex + 1]),
                  edge: CEA708Color(byte: p[p.startIndex + 2], opacity: .solid))
    }

    /// The three parameter bytes.
    var bytes: [UInt8] {
        [UInt8(foreground.opacity.rawValue) << 6 | foreground.rgbBits, UInt8(background.opacity.rawValue) << 6 | background.rgbBits,
         edge.rgbBits]
    }
}

/// SetWindowAttributes (CEA-708-E §8.10.5.6): how a window lays out and draws its text.
public struct CEA708WindowAttributes: Sendable, Hashable {
    /// Where each row's text sits: left, right, centred, or spread over the row (full).
    public enum Justification: Int, Sendable, Hashable { case left = 0, right, center, full }
    /// A direction text is printed, or scrolled, in.
    public enum Direction: Int, Sendable, Hashable { case leftToRight = 0, rightToLeft, topToBottom, bottomToTop }
    /// How a window appears and disappears: at once, fading, or wiped in a direction.
    public enum Effect: Int, Sendable, Hashable { case snap = 0, fade, wipe }
    /// The window's border (the type's high bit is in the third byte).
    public enum Border: Int, Sendable, Hashable { case none = 0, raised, depressed, uniform, shadowLeft, shadowRight }

    /// How rows are justified.
    public var justification: Justification
    /// The way the pen moves as characters are written.
    public var printDirection: Direction
    /// The way rows move when the window is full.
    public var scrollDirection: Direction
    /// Whether text that reaches the window's edge goes on to a new row at a word boundary.
    public var wordWrap: Bool
    /// How the window appears and disappears.
    public var displayEffect: Effect
    /// The wipe's direction.
    public var effectDirection: Direction
    /// The effect's duration in half seconds (1–15).
    public var effectSpeed: Int
    /// The window's fill colour and opacity.
    public var fill: CEA708Color
    /// The border's kind.
    public var border: Border
    /// The border's colour.
    public var borderColor: CEA708Color

    /// Attributes from their fields; the defaults are predefined window style 1's.
    public init(justification: Justification = .left, printDirection: Direction = .leftToRight,
                scrollDirection: Direction = .bottomToTop, wordWrap: Bool = false, displayEffect: Effect = .snap,
                effectDirection: Direction = .leftToRight, effectSpeed: Int = 0, fill: CEA708Color = .black,
                border: Border = .none, borderColor: CEA708Color = .black) {
        self.justification = justification
        self.printDirection = printDirection
        self.scrollDirection = scrollDirection
        self.wordWrap = wordWrap
        self.displayEffect = displayEffect
        self.effectDirection = effectDirection
        self.effectSpeed = effectSpeed
        self.fill = fill
        self.border = border
        self.borderColor = borderColor
    }

    /// The four parameter bytes: `fill opacity(2) rgb(6)`, `border type low(2) rgb(6)`,
    /// `border type high(1) word_wrap(1) print(2) scroll(2) justify(2)`,
    /// `effect speed(4) effect direction(2) display effect(2)`.
    init(bytes p: ArraySlice<UInt8>) {
        let b = Array(p)
        let borderType = Int(b[1] >> 6) | Int(b[2] >> 7) << 2
        self.init(justification: Justification(rawValue: Int(b[2] & 3))!, printDirection: Direction(rawValue: Int((b[2] >> 4) & 3))!,
                  scrollDirection: Direction(rawValue: Int((b[2] >> 2) & 3))!, wordWrap: b[2] & 0x40 != 0,
                  displayEffect: Effect(rawValue: Int(b[3] & 3)) ?? .snap, effectDirection: Direction(rawValue: Int((b[3] >> 2) & 3))!,
                  effectSpeed: Int(b[3] >> 4), fill: CEA708Color(byte: b[0]), border: Border(rawValue: borderType) ?? .none,
                  borderColor: CEA708Color(byte: b[1], opacity: .solid))
    }

    /// The four parameter bytes.
    var bytes: [UInt8] {
        [UInt8(fill.opacity.rawValue) << 6 | fill.rgbBits, UInt8(border.rawValue & 3) << 6 | borderColor.rgbBits,
         UInt8(border.rawValue >> 2) << 7 | (wordWrap ? 0x40 : 0) | UInt8(printDirection.rawValue) << 4
            | UInt8(scrollDirection.rawValue) << 2 | UInt8(justification.rawValue),
         UInt8(effectSpeed & 15) << 4 | UInt8(effectDirection.rawValue) << 2 | UInt8(displayEffect.rawValue)]
    }

    /// The predefined window styles 1–7 (CEA-708-E Table 18 / §8.4.9): pop-up captions with and
    /// without a black background, centred; roll-up (word wrap) likewise; ticker tape (printed top
    /// to bottom, scrolled right to left).
    public static func predefined(_ style: Int) -> CEA708WindowAttributes {
        switch style {
        case 2: CEA708WindowAttributes(fill: .transparent)
        case 3: CEA708WindowAttributes(justification: .center)
        case 4: CEA708WindowAttributes(wordWrap: true)
        case 5: CEA708WindowAttributes(wordWrap: true, fill: .transparent)
        case 6: CEA708WindowAttributes(justification: .center, wordWrap: true)
        case 7: CEA708WindowAttributes(printDirection: .topToBottom, scrollDirection: .rightToLeft)
        default: CEA708WindowAttributes()
        }
    }
}

/// A pen: its attributes and colours, what each character is written with.
public struct CEA708Pen: Sendable, Hashable {
    /// Size, offset, font, italics, underline, edge.
    public var attributes: CEA708PenAttributes
    /// Foreground, background, edge colours.
    public var color: CEA708PenColor

    /// A pen from its parts; the defaults are predefined pen style 1's.
    public init(attributes: CEA708PenAttributes = CEA708PenAttributes(), color: CEA708PenColor = CEA708PenColor()) {
        self.attributes = attributes
        self.color = color
    }

    /// The predefined pen styles 1–7 (CEA-708-E §8.4.9): the default pen, then monospaced serif,
    /// proportional serif, monospaced sans serif, proportional sans serif; 6 and 7 the sans serif
    /// fonts with a uniform edge and no background.
    public static func predefined(_ style: Int) -> CEA708Pen {
        switch style {
        case 2...5: CEA708Pen(attributes: CEA708PenAttributes(fontStyle: style - 1))
        case 6: CEA708Pen(attributes: CEA708PenAttributes(fontStyle: 3, edge: .uniform), color: CEA708PenColor(background: .transparent))
        case 7: CEA708Pen(attributes: CEA708PenAttributes(fontStyle: 4, edge: .uniform), color: CEA708PenColor(background: .transparent))
        default: CEA708Pen()
        }
    }
}
