/// A video frame in memory, as a Y4M reader or a decoder fills it: planes, their strides, the
/// pixel format, and — for YUV — the matrix and range its colours were encoded with.
public struct VideoFrame: Sendable {
    /// How the frame's pixels are laid out in its planes; the raw value is FFmpeg's `pix_fmt` name.
    public enum PixelFormat: String, Sendable, Hashable, CaseIterable {
        /// One plane, 4 bytes a pixel, R G B A.
        case rgba
        /// One plane, 4 bytes a pixel, B G R A (what many capture and display APIs use).
        case bgra
        /// Three planes Y, Cb, Cr; chroma halved both ways (`yuv420p`, Y4M `C420`).
        case yuv420p
        /// Chroma halved horizontally (`yuv422p`, Y4M `C422`).
        case yuv422p
        /// Chroma at full size (`yuv444p`, Y4M `C444`).
        case yuv444p

        /// True for the planar Y′CbCr formats, whose colours need `matrix` and `range`.
        public var isYUV: Bool { self != .rgba && self != .bgra }
        /// How many luma pixels a chroma sample covers, across and down.
        public var chromaShift: (x: Int, y: Int) {
            switch self {
            case .yuv420p: (1, 1)
            case .yuv422p: (1, 0)
            default: (0, 0)
            }
        }
    }

    /// The Y′CbCr matrix (ITU-R BT.601, BT.709, BT.2020 non-constant luminance).
    public enum Matrix: String, Sendable, Hashable, CaseIterable {
        /// BT.601 (SD), BT.709 (HD), BT.2020 non-constant luminance (UHD).
        case bt601, bt709, bt2020

        /// The usual matrix for a frame size when the video does not say: BT.601 for SD, BT.709
        /// for HD, BT.2020 above 1080 lines. (Not FFmpeg 5.1's BT.601-for-everything.)
        public static func typical(width: Int, height: Int) -> Matrix {
            height > 1080 || width > 1920 ? .bt2020 : (height > 576 || width > 1024 ? .bt709 : .bt601)
        }

        /// Luma weights (Kr, Kb).
        var weights: (kr: Double, kb: Double) {
            switch self {
            case .bt601: (0.299, 0.114)
            case .bt709: (0.2126, 0.0722)
            case .bt2020: (0.2627, 0.0593)
            }
        }
    }

    /// 8-bit quantisation: limited (Y 16…235, C 16…240, "TV") or full (0…255, "PC", JPEG).
    public enum Range: String, Sendable, Hashable, CaseIterable { case limited, full }

    /// Width in pixels (of the luma plane, for YUV).
    public var width: Int
    /// Height in pixels (of the luma plane, for YUV).
    public var height: Int
    /// RGBA or BGRA in one plane, or planar Y′CbCr with its chroma subsampling.
    public var pixelFormat: PixelFormat
    /// The Y′CbCr matrix the colours were encoded with; captions are converted with it. Ignored for
    /// RGBA and BGRA.
    public var matrix: Matrix
    /// Limited ("TV") or full ("PC") 8-bit range of the Y′CbCr values. Ignored for RGBA and BGRA.
    public var range: Range
    /// One plane for RGBA/BGRA; Y, Cb, Cr for YUV.
    public var planes: [[UInt8]]
    /// Bytes from one row to the next, per plane.
    public var strides: [Int]

    /// A frame over existing planes (the decoder's, or a Y4M reader's), each holding its rows at
    /// its stride (chroma planes at the subsampled size; not checked here). `matrix` nil takes the
    /// `typical` one for the size; `range` is limited, as most video is, unless given. RGBA and
    /// BGRA pixels are straight alpha.
    public init(width: Int, height: Int, pixelFormat: PixelFormat, matrix: Matrix? = nil, range: Range = .limited,
                planes: [[UInt8]], strides: [Int]) {
        self.width = width
        self.height = height
        self.pixelFormat = pixelFormat
        self.matrix = matrix ?? .typical(width: width, height: height)
        self.range = range
        self.planes = planes
        self.strides = strides
    }

    /// A frame of one colour (straight RGB, opaque), tightly packed.
    public init(width: Int, height: Int, pixelFormat: PixelFormat, matrix: Matrix? = nil, range: Range = .limited,
                color: Color4 = Color4(r: 0, g: 0, b: 0)) {
        let m = matrix ?? .typical(width: width, height: height)
        switch pixelFormat {
        case .rgba, .bgra:
            let px: [UInt8] = pixelFormat == .rgba ? [color.r, color.g, color.b, 255] : [color.b, color.g, color.r, 255]
            var plane = [UInt8](repeating: 0, count: width * height * 4)
            for i in 0..<(width * height) { plane[i * 4] = px[0]; plane[i * 4 + 1] = px[1]; plane[i * 4 + 2] = px[2]; plane[i * 4 + 3] = 255 }
            self.init(width: width, height: height, pixelFormat: pixelFormat, matrix: m, range: range, planes: [plane], strides: [width * 4])
        default:
            let (y, cb, cr) = ColorConversion.yuv(color, matrix: m, range: range)
            let s = pixelFormat.chromaShift
            let cw = (width + (1 << s.x) - 1) >> s.x, ch = (height + (1 << s.y) - 1) >> s.y
            self.init(width: width, height: height, pixelFormat: pixelFormat, matrix: m, range: range,
                      planes: [[UInt8](repeating: y, count: width * height), [UInt8](repeating: cb, count: cw * ch), [UInt8](repeating: cr, count: cw * ch)],
                      strides: [width, cw, cw])
        }
    }

    /// The frame as straight RGBA (YUV converted back with its matrix and range), for PNG output and tests.
    public func rgbaBitmap() -> Bitmap {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        let s = pixelFormat.chromaShift
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                switch pixelFormat {
                case .rgba:
                    let i = y * strides[0] + x * 4
                    pixels[o] = planes[0][i]; pixels[o + 1] = planes[0][i + 1]; pixels[o + 2] = planes[0][i + 2]; pixels[o + 3] = planes[0][i + 3]
                case .bgra:
                    let i = y * strides[0] + x * 4
                    pixels[o] = planes[0][i + 2]; pixels[o + 1] = planes[0][i + 1]; pixels[o + 2] = planes[0][i]; pixels[o + 3] = planes[0][i + 3]
                default:
                    let c = (y >> s.y) * strides[1] + (x >> s.x)
                    let rgb = ColorConversion.rgb(y: planes[0][y * strides[0] + x], cb: planes[1][c], cr: planes[2][c], matrix: matrix, range: range)
                    pixels[o] = rgb.r; pixels[o + 1] = rgb.g; pixels[o + 2] = rgb.b
                }
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
}
