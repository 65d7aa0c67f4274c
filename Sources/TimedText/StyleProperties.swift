/// Style a piece of content asks for. Every property is optional: nil means the content does not
/// say, so inheritance, the format's initial value or the viewer's caption appearance decides.
public struct StyleProperties: Sendable, Hashable {
    public enum FontStyle: String, Sendable, Hashable { case normal, italic, oblique }
    public enum FontWeight: String, Sendable, Hashable { case normal, bold }

    /// A length as the source gave it; the renderer resolves it against the frame.
    public enum Length: Sendable, Hashable {
        case pixels(Fraction)
        /// A proportion of the reference (the parent's font size, or the frame for extents).
        case fraction(Fraction)
        case em(Fraction)
        /// TTML cells (`ttp:cellResolution`).
        case cells(Fraction)
    }

    public struct TextDecoration: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let underline = TextDecoration(rawValue: 1)
        public static let lineThrough = TextDecoration(rawValue: 2)
        public static let overline = TextDecoration(rawValue: 4)
    }

    public var color: Color?
    public var backgroundColor: Color?
    /// Family names in order of preference, generic families (`monospaceSansSerif`) included.
    public var fontFamilies: [String]?
    public var fontSize: Length?
    public var fontStyle: FontStyle?
    public var fontWeight: FontWeight?
    public var textDecoration: TextDecoration?
    public var opacity: Fraction?

    public init(color: Color? = nil, backgroundColor: Color? = nil, fontFamilies: [String]? = nil,
                fontSize: Length? = nil, fontStyle: FontStyle? = nil, fontWeight: FontWeight? = nil,
                textDecoration: TextDecoration? = nil, opacity: Fraction? = nil) {
        self.color = color
        self.backgroundColor = backgroundColor
        self.fontFamilies = fontFamilies
        self.fontSize = fontSize
        self.fontStyle = fontStyle
        self.fontWeight = fontWeight
        self.textDecoration = textDecoration
        self.opacity = opacity
    }

    /// No property set.
    public static let none = StyleProperties()

    public var isEmpty: Bool { self == .none }
}
