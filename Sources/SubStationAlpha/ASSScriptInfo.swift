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
