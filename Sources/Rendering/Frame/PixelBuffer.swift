/// A buffer of 32-bit pixels a player draws captions into: a texture upload, a layer's backing
/// store, the bytes of a video frame. Rows may be padded (`bytesPerRow`); the channel order and
/// the alpha convention are the player's.
public struct PixelBuffer: Sendable {
    /// The order of a pixel's four bytes in memory: R G B A, or B G R A (Core Video's
    /// `kCVPixelFormatType_32BGRA` and many display surfaces).
    public enum ChannelOrder: String, Sendable, Hashable, CaseIterable { case rgba, bgra }
    /// Straight alpha (colour channels independent of alpha) or premultiplied (colour channels
    /// already multiplied by alpha, as Core Animation, Metal and most compositors expect).
    public enum Alpha: String, Sendable, Hashable, CaseIterable { case straight, premultiplied }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the next (at least `width * 4`; the rest of a row is padding
    /// that captions are never drawn into).
    public let bytesPerRow: Int
    /// The byte order of each pixel.
    public let order: ChannelOrder
    /// Whether colour bytes are straight or premultiplied by alpha.
    public let alpha: Alpha
    /// The pixels, `bytesPerRow × height` bytes, top row first, in `order` and `alpha`: what to hand
    /// to the texture upload or copy into the layer.
    public var bytes: [UInt8]

    /// A transparent buffer; `bytesPerRow` at least `width * 4` (default: exactly that).
    public init(width: Int, height: Int, order: ChannelOrder = .rgba, alpha: Alpha = .straight, bytesPerRow: Int? = nil) {
        precondition(width > 0 && height > 0, "a pixel buffer must not be empty")
        self.width = width
        self.height = height
        self.bytesPerRow = max(bytesPerRow ?? width * 4, width * 4)
        self.order = order
        self.alpha = alpha
        bytes = [UInt8](repeating: 0, count: self.bytesPerRow * height)
    }

    /// Every pixel transparent.
    public mutating func clear() {
        bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    }

    /// The pixel at (x, y) as red, green, blue and alpha, in the buffer's alpha convention.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = y * bytesPerRow + x * 4
        return order == .rgba ? (bytes[o], bytes[o + 1], bytes[o + 2], bytes[o + 3]) : (bytes[o + 2], bytes[o + 1], bytes[o], bytes[o + 3])
    }

    /// Draws `overlay` over what the buffer holds (source over), in the buffer's order and alpha.
    public mutating func draw(_ overlay: Overlay) {
        let area = overlay.rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !area.isEmpty else { return }
        let (ow, stride) = (overlay.bitmap.width, bytesPerRow)
        let swap = order == .bgra
        let premultiplied = alpha == .premultiplied
        overlay.bitmap.pixels.withUnsafeBufferPointer { src in
            bytes.withUnsafeMutableBufferPointer { dst in
                for y in area.y..<area.maxY {
                    let srow = ((y - overlay.y) * ow - overlay.x) * 4
                    for x in area.x..<area.maxX {
                        let s = srow + x * 4
                        let a = UInt32(src[s + 3])
                        if a == 0 { continue }
                        let (r, g, b) = swap ? (src[s + 2], src[s + 1], src[s]) : (src[s], src[s + 1], src[s + 2])
                        let d = y * stride + x * 4
                        if premultiplied {
                            Self.premultipliedOver(&dst, d, r, g, b, a)
                        } else {
                            Bitmap.over(&dst, d, r, g, b, a)
                        }
                    }
                }
            }
        }
    }

    /// Source-over of a straight-alpha source onto a premultiplied destination:
    /// out = src·α + dst·(1 − α), every channel premultiplied.
    @inline(__always)
    static func premultipliedOver(_ p: inout UnsafeMutableBufferPointer<UInt8>, _ o: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt32) {
        let inverse = 255 - a
        @inline(__always) func mix(_ src: UInt8, _ dst: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: (UInt32(src) * a + UInt32(dst) * inverse + 127) / 255)
        }
        p[o] = mix(r, p[o])
        p[o + 1] = mix(g, p[o + 1])
        p[o + 2] = mix(b, p[o + 2])
        p[o + 3] = UInt8(truncatingIfNeeded: a + (UInt32(p[o + 3]) * inverse + 127) / 255)
    }
}
