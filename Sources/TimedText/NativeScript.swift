/// A script a renderer should draw as itself instead of laying out its cues: an ASS/SSA file's
/// own text, which libass draws with its styles, positions and animation, with the fonts that
/// came with it (the script's `[Fonts]`, a media file's font attachments). A format that has one
/// says so through its registry entry (`CaptionFormat.nativeScript`); the renderer turns it into
/// libass's input (`NativeASSScript`).
public struct NativeScript: Sendable, Hashable {
    /// A font file carried with the script, as bytes.
    public struct Font: Sendable, Hashable {
        /// Where it came from, for messages (an attachment's name, `show.mkv#font.ttf`).
        public var name: String
        /// The font file's bytes (TrueType, OpenType or a collection).
        public var data: [UInt8]

        /// A font from its name and bytes.
        public init(name: String, data: [UInt8]) {
            self.name = name
            self.data = data
        }
    }

    /// The script, UTF-8, as the reader decoded it.
    public var text: [UInt8]
    /// The fonts it carries, in the order they are found.
    public var fonts: [Font]

    /// A script and its fonts.
    public init(text: [UInt8], fonts: [Font] = []) {
        self.text = text
        self.fonts = fonts
    }
}
