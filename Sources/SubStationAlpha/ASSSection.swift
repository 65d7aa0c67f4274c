/// A section of the script, in file order.
public struct ASSSection: Sendable, Hashable {
    /// What the section holds.
    public enum Kind: String, Sendable, Hashable {
        /// `[Script Info]`.
        case scriptInfo
        /// `[V4+ Styles]` or `[V4 Styles]`.
        case styles
        /// `[Events]`.
        case events
        /// `[Fonts]`.
        case fonts
        /// `[Graphics]`.
        case graphics
        /// Anything else (`[Aegisub Project Garbage]`, `[Aegisub Extradata]`): kept as written.
        case other
    }
    /// The name between the brackets, as written.
    public var name: String
    /// What it holds.
    public var kind: Kind
    /// The header's line.
    public var line: Int
    /// The lines of a section of kind `other`, as written (empty for the others, whose content is
    /// in the script's fields).
    public var lines: [String]

    /// A section from its parts.
    public init(name: String, kind: Kind, line: Int, lines: [String] = []) {
        self.name = name
        self.kind = kind
        self.line = line
        self.lines = lines
    }
}
