/// R′G′B′ ↔ Y′CbCr for 8-bit video, by the matrix and range the video was encoded with
/// (ITU-R BT.601-7, BT.709-6, BT.2020-2 §4 non-constant luminance). libass draws in R′G′B′ and
/// is told not to convert (`YCbCr Matrix: None`); converting here with the video's own matrix is
/// what keeps a white caption white and a yellow one yellow on HD video.
public enum ColorConversion {
    /// (Y, Cb, Cr) of an R′G′B′ colour.
    public static func yuv(_ c: Color4, matrix: VideoFrame.Matrix, range: VideoFrame.Range) -> (UInt8, UInt8, UInt8) {
        let (kr, kb) = matrix.weights
        let r = Double(c.r) / 255, g = Double(c.g) / 255, b = Double(c.b) / 255
        let y = kr * r + (1 - kr - kb) * g + kb * b
        let cb = (b - y) / (2 * (1 - kb))
        let cr = (r - y) / (2 * (1 - kr))
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        switch range {
        case .limited: return (q(16 + 219 * y), q(128 + 224 * cb), q(128 + 224 * cr))
        case .full: return (q(255 * y), q(128 + 255 * cb), q(128 + 255 * cr))
        }
    }

    /// The R′G′B′ colour of (Y, Cb, Cr), clipped.
    public static func rgb(y: UInt8, cb: UInt8, cr: UInt8, matrix: VideoFrame.Matrix, range: VideoFrame.Range) -> Color4 {
        let (kr, kb) = matrix.weights
        let yy: Double, pb: Double, pr: Double
        switch range {
        case .limited: yy = (Double(y) - 16) / 219; pb = (Double(cb) - 128) / 224; pr = (Double(cr) - 128) / 224
        case .full: yy = Double(y) / 255; pb = (Double(cb) - 128) / 255; pr = (Double(cr) - 128) / 255
        }
        let r = yy + 2 * (1 - kr) * pr
        let b = yy + 2 * (1 - kb) * pb
        let g = (yy - kr * r - kb * b) / (1 - kr - kb)
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return Color4(r: q(r), g: q(g), b: q(b))
    }
}
