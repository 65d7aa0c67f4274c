public import TimedText

/// What the SubStation Alpha reader gives: the common model, and the script itself — every
/// section, style, event and attachment as written — so that nothing of ASS is lost to the model
/// and a script read and written again is the same script.
public struct SubStationAlphaFile: CaptionFileContents {
    /// One track of the `Dialogue:` events, in start order, with the positions and styles the
    /// model can say.
    public var document: Document
    /// The script as ASS sees it.
    public var script: SubStationAlphaScript

    /// A file from its model and its script.
    public init(document: Document, script: SubStationAlphaScript) {
        self.document = document
        self.script = script
    }
}

/// A SubStation Alpha script as written: `[Script Info]`, the styles, the events (comments too),
/// the attachments and the sections Legible does not know.
public struct SubStationAlphaScript: Sendable, Hashable {
    /// Which of the two dialects the script is.
    public enum Version: String, Sendable, Hashable {
        /// SubStation Alpha v4 (`ScriptType: v4.00`, `[V4 Styles]`).
        case ssa = "v4.00"
        /// Advanced SubStation Alpha (`ScriptType: v4.00+`, `[V4+ Styles]`), what Aegisub writes.
        case ass = "v4.00+"
    }

    /// The dialect: from `ScriptType`, else from the styles section's name, else ASS.
    public var version: Version
    /// `[Script Info]`.
    public var info: ASSScriptInfo
    /// The styles in file order (a name defined twice appears twice; the later one applies).
    public var styles: [ASSStyle]
    /// Every `Dialogue:` and `Comment:` line that could be read, in file order.
    public var events: [ASSEvent]
    /// `[Fonts]` and `[Graphics]` files, decoded.
    public var attachments: [ASSAttachment]
    /// Every section in file order, with the lines of those Legible does not know.
    public var sections: [ASSSection]
    /// The decoded text of the script (UTF-8, LF line ends): what the writer copies where the
    /// document still says what the script said.
    package var text: [UInt8]
    /// The cues as read, in track order: a writer compares the document's cues with them to find
    /// the events it may copy as written.
    package var cuesAsRead: [Cue]
    /// True for a script a reader made (its `text` is the script, even when empty).
    package var wasRead = false
    /// Where ASS features beyond the model are used, for the report of a conversion out of ASS.
    public var features: ASSFeatureSurvey

    /// A script from its parts (a reader's work; `text` and `cuesAsRead` are empty for a script by hand).
    public init(version: Version = .ass, info: ASSScriptInfo = ASSScriptInfo(), styles: [ASSStyle] = [],
                events: [ASSEvent] = [], attachments: [ASSAttachment] = [], sections: [ASSSection] = [],
                features: ASSFeatureSurvey = ASSFeatureSurvey()) {
        self.version = version
        self.info = info
        self.styles = styles
        self.events = events
        self.attachments = attachments
        self.sections = sections
        self.text = []
        self.cuesAsRead = []
        self.features = features
    }

    /// The style an event named `name` is drawn with: the last one of that name, else one whose
    /// name matches without regard to case, else `Default`, else the first (libass's fallbacks).
    public func style(named name: String) -> ASSStyle? {
        styleIndex(named: name).map { styles[$0] }
    }

    func styleIndex(named name: String) -> Int? {
        var trimmed = name
        if trimmed.hasPrefix("*") { trimmed.removeFirst() }
        if let k = styles.lastIndex(where: { $0.name == trimmed }) { return k }
        let lower = trimmed.lowercased()
        return styles.lastIndex { $0.name.lowercased() == lower }
    }

    /// The style used when an event names none that exists.
    func fallbackStyleIndex() -> Int? {
        styles.lastIndex { $0.name == "Default" } ?? (styles.isEmpty ? nil : 0)
    }

    /// The script's decoded bytes (UTF-8, LF): what the writer writes for an untouched document.
    public var sourceText: [UInt8] { text }
}

/// `[Script Info]`: the script's canvas and rendering switches, and every other field as written.
public struct ASSScriptInfo: Sendable, Hashable {
    /// One `Key: Value` line.
    public struct Field: Sendable, Hashable {
        /// The key as written (`PlayResX`).
        public var key: String
        /// The value, without the spaces after the colon.
        public var value: String
        /// Where the line is.
        public var line: Int
        /// A field from its key, value and line.
        public init(key: String, value: String, line: Int) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Every field in order (`Title`, `ScriptType`, `PlayResX`, `Collisions`, …).
    public var fields: [Field] = []
    /// `ScriptType` as written (`v4.00+`), or nil.
    public var scriptType: String?
    /// `PlayResX` as written, or nil.
    public var givenPlayResX: Int?
    /// `PlayResY` as written, or nil.
    public var givenPlayResY: Int?
    /// `WrapStyle`: 0 smart (upper line wider), 1 end-of-line, 2 none (only `\N` and `\n` break),
    /// 3 smart (lower line wider).
    public var wrapStyle: Int = 0
    /// `ScaledBorderAndShadow`: outline and shadow sizes scale with the video (`yes`) or are in
    /// pixels of the video (`no`, libass's default when absent).
    public var scaledBorderAndShadow: Bool = false
    /// `YCbCr Matrix` (`TV.601`, `TV.709`, `None`), or nil.
    public var ycbcrMatrix: String?
    /// `Title`, or nil.
    public var title: String?

    /// An empty `[Script Info]`: the canvas is libass's 384 × 288.
    public init() {}

    /// The canvas width that positions and sizes are in, with libass's defaults: 384 when neither
    /// size is given, 1280 for a height of 1024, else the height × 4/3.
    public var playResX: Int { Self.playRes(x: givenPlayResX, y: givenPlayResY).x }
    /// The canvas height: 288 when neither is given, 1024 for a width of 1280, else the width × 3/4.
    public var playResY: Int { Self.playRes(x: givenPlayResX, y: givenPlayResY).y }

    /// libass's rule for a canvas with one or both sizes missing (or zero).
    public static func playRes(x: Int?, y: Int?) -> (x: Int, y: Int) {
        let x = (x ?? 0) > 0 ? x! : 0
        let y = (y ?? 0) > 0 ? y! : 0
        switch (x, y) {
        case (0, 0): return (384, 288)
        case (1280, 0): return (1280, 1024)
        case (_, 0): return (x, x * 3 / 4)
        case (0, 1024): return (1280, 1024)
        case (0, _): return (y * 4 / 3, y)
        default: return (x, y)
        }
    }
}

/// A `Style:` line, with SSA v4's fields read into their ASS counterparts.
public struct ASSStyle: Sendable, Hashable {
    /// The name events refer to it by.
    public var name: String
    /// `Fontname` (a name starting with `@` asks for vertical text in libass).
    public var fontName: String = "Arial"
    /// `Fontsize`, in pixels of the PlayRes canvas.
    public var fontSize: Fraction = Fraction(18)
    /// `PrimaryColour`: the text.
    public var primaryColor: Color = .white
    /// `SecondaryColour`: karaoke text before its syllable is sung.
    public var secondaryColor: Color = Color(red: 255, green: 0, blue: 0)
    /// `OutlineColour` (SSA `TertiaryColour`): the outline.
    public var outlineColor: Color = .black
    /// `BackColour`: the shadow, or the box with `BorderStyle` 3.
    public var backColor: Color = .black
    /// `Bold` (-1 or 1 true; a weight of 600 up also counts).
    public var bold = false
    /// `Italic`.
    public var italic = false
    /// `Underline` (ASS only).
    public var underline = false
    /// `StrikeOut` (ASS only).
    public var strikeOut = false
    /// `ScaleX`, `ScaleY` in percent.
    public var scaleX: Fraction = Fraction(100)
    /// `ScaleY` in percent.
    public var scaleY: Fraction = Fraction(100)
    /// `Spacing`: extra pixels between letters.
    public var spacing: Fraction = .zero
    /// `Angle`: rotation about the z axis in degrees.
    public var angle: Fraction = .zero
    /// `BorderStyle`: 1 outline and shadow, 3 an opaque box.
    public var borderStyle = 1
    /// `Outline` width in pixels.
    public var outline: Fraction = Fraction(2)
    /// `Shadow` depth in pixels.
    public var shadow: Fraction = Fraction(2)
    /// `Alignment` as a numpad position (1 bottom left … 9 top right); SSA's legacy numbers are
    /// converted.
    public var alignment = 2
    /// `MarginL`, `MarginR`, `MarginV` in canvas pixels.
    public var marginLeft = 10
    /// `MarginR`.
    public var marginRight = 10
    /// `MarginV`.
    public var marginVertical = 10
    /// `Encoding`: the font's charset (1 default, 128 Shift_JIS, …).
    public var encoding = 1
    /// Where the `Style:` line is.
    public var line: Int = 0

    /// A style with libass's defaults for every field.
    public init(name: String) { self.name = name }
}

/// A `Dialogue:` or `Comment:` line.
public struct ASSEvent: Sendable, Hashable {
    /// Shown, or a comment (kept, never shown).
    public enum Kind: String, Sendable, Hashable {
        /// `Dialogue:`.
        case dialogue = "Dialogue"
        /// `Comment:`.
        case comment = "Comment"
    }

    /// Dialogue or comment.
    public var kind: Kind
    /// `Layer` (SSA `Marked` reads as 0): higher layers are drawn over lower ones.
    public var layer: Int
    /// `Start`, exact in centiseconds.
    public var start: MediaTime
    /// `End`.
    public var end: MediaTime
    /// `Style`, as written.
    public var style: String
    /// `Name` (or `Actor`): the speaker.
    public var name: String
    /// `MarginL`; 0 means the style's.
    public var marginLeft: Int
    /// `MarginR`; 0 means the style's.
    public var marginRight: Int
    /// `MarginV`; 0 means the style's.
    public var marginVertical: Int
    /// `Effect` (`Banner;…`, `Scroll up;…`), or empty.
    public var effect: String
    /// `Text`, override blocks and all.
    public var text: String
    /// Where the line is (1-based).
    public var line: Int
    /// The cue this event became in the document's track, or nil (a comment).
    public var cueIndex: Int?
    /// The byte range of the whole line in the script's text.
    package var lineRange: Range<Int>

    /// An event by hand.
    public init(kind: Kind = .dialogue, layer: Int = 0, start: MediaTime, end: MediaTime, style: String = "Default",
                name: String = "", marginLeft: Int = 0, marginRight: Int = 0, marginVertical: Int = 0,
                effect: String = "", text: String, line: Int = 0, cueIndex: Int? = nil) {
        self.kind = kind
        self.layer = layer
        self.start = start
        self.end = end
        self.style = style
        self.name = name
        self.marginLeft = marginLeft
        self.marginRight = marginRight
        self.marginVertical = marginVertical
        self.effect = effect
        self.text = text
        self.line = line
        self.cueIndex = cueIndex
        self.lineRange = 0..<0
    }
}

/// A file embedded in `[Fonts]` or `[Graphics]`, decoded from its UUencoding.
public struct ASSAttachment: Sendable, Hashable {
    /// Which section it came from.
    public enum Kind: String, Sendable, Hashable {
        /// `[Fonts]`: a font libass loads for the script.
        case font
        /// `[Graphics]`: a picture.
        case graphic
    }
    /// Font or picture.
    public var kind: Kind
    /// The `fontname:` or `filename:` given.
    public var name: String
    /// The decoded bytes.
    public var data: [UInt8]
    /// Where its `fontname:`/`filename:` line is.
    public var line: Int

    /// The data as the lines of a `[Fonts]`/`[Graphics]` entry: UUencoded, 80 characters a line.
    public var encodedLines: [String] { ASSUUEncoding.encode(data) }

    /// The bytes of UUencoded attachment data (the lines after `fontname:`, joined), or nil when
    /// it is not valid.
    public static func decode(_ encoded: [UInt8]) -> [UInt8]? { ASSUUEncoding.decode(encoded) }

    /// An attachment from its parts.
    public init(kind: Kind, name: String, data: [UInt8], line: Int) {
        self.kind = kind
        self.name = name
        self.data = data
        self.line = line
    }
}

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
