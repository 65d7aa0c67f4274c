public import TimedText
/// The stream header of a YUV4MPEG2 (Y4M) stream: `YUV4MPEG2 W1920 H1080 F30000:1001 Ip A1:1
/// C420jpeg`, then frames, each `FRAME` and a line end followed by its planes.
///
/// Y4M is what `ffmpeg -f yuv4mpegpipe` reads and writes, so it is how `legible burn` exchanges
/// frames with ffmpeg, and what it reads and writes itself on standard input and output.
/// Only 8-bit 4:2:0, 4:2:2 and 4:4:4 (and 8-bit mono) are accepted: the compositor's formats.
public struct Y4MHeader: Sendable, Hashable {
    /// The chroma subsampling of the frames; the raw value is the start of the `C` token.
    public enum Chroma: String, Sendable, Hashable, CaseIterable {
        case yuv420 = "420"
        case yuv422 = "422"
        case yuv444 = "444"
        case mono = "mono"

        /// Horizontal and vertical chroma subsampling shifts.
        public var shifts: (x: Int, y: Int) {
            switch self {
            case .yuv420: (1, 1)
            case .yuv422: (1, 0)
            case .yuv444, .mono: (0, 0)
            }
        }
    }

    /// Frame width in pixels (`W`); `parse(_:)` accepts 1...16384.
    public var width: Int
    /// Frame height in pixels (`H`); `parse(_:)` accepts 1...16384.
    public var height: Int
    /// Frames per second as a fraction (`F30000:1001`).
    public var frameRate: (numerator: Int, denominator: Int)
    /// The chroma subsampling, from the `C` token (`420` when the header has none).
    public var chroma: Chroma
    /// The `C` token as read (`420jpeg`, `420mpeg2`, `420paldv`, `444`...), written back unchanged.
    public var colorspaceToken: String
    /// `XCOLORRANGE=FULL|LIMITED`, as ffmpeg writes it; nil when absent.
    public var colorRange: String?
    /// Other tokens (interlacing, aspect, `X` extensions), kept in order and written back.
    public var otherTokens: [String]

    /// A header for writing. `frameRate` is (numerator, denominator); a nil `colorspaceToken` writes
    /// `420jpeg` for 4:2:0 and the chroma's name otherwise; `otherTokens` defaults to progressive
    /// frames with square pixels (`Ip A1:1`).
    public init(width: Int, height: Int, frameRate: (Int, Int), chroma: Chroma, colorspaceToken: String? = nil,
                colorRange: String? = nil, otherTokens: [String] = ["Ip", "A1:1"]) {
        self.width = width
        self.height = height
        self.frameRate = (frameRate.0, frameRate.1)
        self.chroma = chroma
        self.colorspaceToken = colorspaceToken ?? (chroma == .yuv420 ? "420jpeg" : chroma.rawValue)
        self.colorRange = colorRange
        self.otherTokens = otherTokens
    }

    public static func == (a: Y4MHeader, b: Y4MHeader) -> Bool {
        a.width == b.width && a.height == b.height && a.frameRate == b.frameRate && a.chroma == b.chroma
            && a.colorspaceToken == b.colorspaceToken && a.colorRange == b.colorRange && a.otherTokens == b.otherTokens
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(chroma)
    }

    /// Bytes of the luma plane and of each chroma plane.
    public var planeSizes: (luma: Int, chroma: Int) {
        if chroma == .mono { return (width * height, 0) }
        let s = chroma.shifts
        let cw = (width + (1 << s.x) - 1) >> s.x, ch = (height + (1 << s.y) - 1) >> s.y
        return (width * height, cw * ch)
    }

    /// Bytes of one frame's planes (not counting the `FRAME` line).
    public var frameSize: Int { planeSizes.luma + 2 * planeSizes.chroma }

    /// The header line, with its line end.
    public var line: String {
        var tokens = ["YUV4MPEG2", "W\(width)", "H\(height)", "F\(frameRate.numerator):\(frameRate.denominator)"]
        tokens += otherTokens
        tokens.append("C\(colorspaceToken)")
        if let colorRange { tokens.append("XCOLORRANGE=\(colorRange)") }
        return tokens.joined(separator: " ") + "\n"
    }

    /// What a stream that does not start with the Y4M signature gets.
    static let notY4M = LegibleError(.unreadableInput, "not a YUV4MPEG2 stream (it must start with 'YUV4MPEG2 ')")

    /// Reads a header line (without its line end).
    public static func parse(_ line: String) throws(LegibleError) -> Y4MHeader {
        let tokens = line.split(separator: " ", omittingEmptySubsequences: true)
        guard tokens.first == "YUV4MPEG2" else { throw Self.notY4M }
        var width: Int?, height: Int?, rate: (Int, Int)?
        var colorspace = "420jpeg"
        var range: String?
        var others: [String] = []
        for token in tokens.dropFirst() {
            let value = token.dropFirst()
            switch token.first {
            case "W": width = Int(value)
            case "H": height = Int(value)
            case "F":
                let parts = value.split(separator: ":")
                if parts.count == 2, let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0 { rate = (n, d) }
            case "C": colorspace = String(value)
            case "X" where value.hasPrefix("COLORRANGE="): range = String(value.dropFirst("COLORRANGE=".count))
            default: others.append(String(token))
            }
        }
        guard let width, width > 0 else { throw LegibleError(.unreadableInput, "the Y4M header has no " + "width (W)") }
        guard let height, height > 0 else { throw LegibleError(.unreadableInput, "the Y4M header has no " + "height (H)") }
        guard let rate else { throw LegibleError(.unreadableInput, "the Y4M header has no " + "frame rate (F)") }
        guard width <= 16384, height <= 16384 else { throw LegibleError(.unsupportedFormat, "unsupported Y4M stream: " + "\(width)x\(height) is larger than 16384x16384" + " (legible composites 8-bit 4:2:0, 4:2:2 and 4:4:4)") }
        let chroma: Chroma
        switch colorspace {
        case "420", "420jpeg", "420mpeg2", "420paldv": chroma = .yuv420
        case "422": chroma = .yuv422
        case "444": chroma = .yuv444
        case "mono": chroma = .mono
        default: throw LegibleError(.unsupportedFormat, "unsupported Y4M stream: " + "colour space C\(colorspace)" + " (legible composites 8-bit 4:2:0, 4:2:2 and 4:4:4)")
        }
        return Y4MHeader(width: width, height: height, frameRate: rate, chroma: chroma, colorspaceToken: colorspace,
                         colorRange: range, otherTokens: others)
    }
}
