/// Blends overlays onto frames, touching only the overlay's rectangle.
public enum Compositor {
    /// Source-over onto an RGBA or BGRA frame (straight alpha both sides); onto a YUV frame the
    /// overlay's colours are converted first. For video, draw the scene in the frame's Y′CbCr at
    /// once and keep the `YUVOverlay` for every frame it shows on (`CaptionRenderer.render`).
    public static func composite(_ overlay: Overlay, onto frame: inout VideoFrame) {
        if frame.pixelFormat.isYUV {
            YUVOverlay(converted: overlay.withColors(YUVOverlay.colorConverter(for: frame)), for: frame).composite(onto: &frame)
            return
        }
        let area = overlay.rect.intersection(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        guard !area.isEmpty else { return }
        let swap = frame.pixelFormat == .bgra
        let stride = frame.strides[0]
        let ow = overlay.bitmap.width
        overlay.bitmap.pixels.withUnsafeBufferPointer { src in
            frame.planes[0].withUnsafeMutableBufferPointer { dst in
                for y in area.y..<area.maxY {
                    let srow = ((y - overlay.y) * ow - overlay.x) * 4
                    let drow = y * stride
                    for x in area.x..<area.maxX {
                        let s = srow + x * 4
                        let a = UInt32(src[s + 3])
                        if a == 0 { continue }
                        let (r, g, b) = swap ? (src[s + 2], src[s + 1], src[s]) : (src[s], src[s + 1], src[s + 2])
                        Bitmap.over(&dst, drow + x * 4, r, g, b, a)
                    }
                }
            }
        }
    }
}

extension Overlay {
    /// The overlay with every pixel's colour passed through `convert` (alpha kept); a colour is
    /// converted once while neighbouring pixels share it.
    func withColors(_ convert: (Color4) -> Color4) -> Overlay {
        var copy = self
        var lastIn = Color4(r: 0, g: 0, b: 0, a: 0), lastOut = convert(lastIn)
        copy.bitmap.pixels.withUnsafeMutableBufferPointer { p in
            for o in stride(from: 0, to: p.count, by: 4) where p[o + 3] > 0 {
                let color = Color4(r: p[o], g: p[o + 1], b: p[o + 2], a: 255)
                if color != lastIn {
                    lastIn = color
                    lastOut = convert(color)
                }
                p[o] = lastOut.r
                p[o + 1] = lastOut.g
                p[o + 2] = lastOut.b
            }
        }
        return copy
    }
}

/// An overlay converted to a YUV frame's matrix, range and chroma subsampling: per luma pixel
/// (Y, alpha), per chroma sample (Cb, Cr, alpha) — chroma averaged over the pixels it covers,
/// weighted by their alpha, so that an edge half-covering a chroma sample tints it by half.
/// Made once per overlay and frame format, reused for every frame in between.
public struct YUVOverlay: Sendable {
    let pixelFormat: VideoFrame.PixelFormat
    let matrix: VideoFrame.Matrix
    let range: VideoFrame.Range
    /// The luma rectangle, and the chroma rectangle in chroma samples.
    let lumaRect: PixelRect
    let chromaRect: PixelRect
    /// Interleaved (Y, A) per luma pixel of `lumaRect`.
    let luma: [UInt8]
    /// Interleaved (Cb, Cr, A) per chroma sample of `chromaRect`.
    let chroma: [UInt8]

    /// ⌈2³² / t⌉ for every coverage total t a chroma sample can have (1…4 × 255): x / t is then
    /// (x × r) >> 32, exactly for the x that occur (below 2²⁰).
    static let reciprocals: [UInt64] = (0...1020).map { (t: Int) -> UInt64 in
        guard t > 0 else { return 0 }
        let divisor = UInt64(t)
        let scaled: UInt64 = (UInt64(1) << 32) + divisor - 1
        return scaled / divisor
    }


    /// What `CaptionScene.overlay(…colors:)` needs to draw a frame's overlay in its Y′CbCr.
    public static func colorConverter(for frame: VideoFrame) -> (Color4) -> Color4 {
        let matrix = frame.matrix, range = frame.range
        return { color in
            let (y, cb, cr) = ColorConversion.yuv(Color4(r: color.r, g: color.g, b: color.b), matrix: matrix, range: range)
            return Color4(r: y, g: cb, b: cr, a: color.a)
        }
    }

    /// An overlay drawn with its colours already in the frame's Y′CbCr
    /// (`CaptionScene.overlay(frameWidth:frameHeight:colors:)` with `colorConverter(for:)`): its
    /// pixels' three channels are Y′, Cb, Cr, packed here into a luma plane with coverage and
    /// chroma means weighted by coverage.
    public init(converted overlay: Overlay, for frame: VideoFrame) {
        pixelFormat = frame.pixelFormat
        matrix = frame.matrix
        range = frame.range
        let s = frame.pixelFormat.chromaShift
        // Extend to whole chroma samples so each sample sees all the pixels it covers.
        let r = overlay.rect.intersection(PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        let x0 = (r.x >> s.x) << s.x, y0 = (r.y >> s.y) << s.y
        let x1 = min(frame.width, ((r.maxX + (1 << s.x) - 1) >> s.x) << s.x), y1 = min(frame.height, ((r.maxY + (1 << s.y) - 1) >> s.y) << s.y)
        lumaRect = r.isEmpty ? r : PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        chromaRect = PixelRect(x: x0 >> s.x, y: y0 >> s.y, width: (lumaRect.width + (1 << s.x) - 1) >> s.x, height: (lumaRect.height + (1 << s.y) - 1) >> s.y)
        var luma = [UInt8](repeating: 0, count: max(0, lumaRect.width * lumaRect.height * 2))
        var sums = [UInt32](repeating: 0, count: max(0, chromaRect.width * chromaRect.height * 3))
        let samplesPerChroma = UInt32((1 << s.x) * (1 << s.y))
        let ow = overlay.bitmap.width, oh = overlay.bitmap.height
        let lumaRect = lumaRect, chromaRect = chromaRect
        // Unchecked buffers: every index below is inside the rectangles the arrays were sized for.
        overlay.bitmap.pixels.withUnsafeBufferPointer { src in
        luma.withUnsafeMutableBufferPointer { luma in
        sums.withUnsafeMutableBufferPointer { sums in
            for y in lumaRect.y..<(lumaRect.y + max(0, lumaRect.height)) {
                let oy = y - overlay.y
                guard oy >= 0, oy < oh else { continue }
                let x0 = max(lumaRect.x, overlay.x), x1 = min(lumaRect.maxX, overlay.x + ow)
                guard x0 < x1 else { continue }
                let lumaRow = (y - lumaRect.y) * lumaRect.width - lumaRect.x
                let chromaRow = ((y >> s.y) - chromaRect.y) * chromaRect.width - chromaRect.x
                let srcRow = oy * ow - overlay.x
                for x in x0..<x1 {
                    let o = (srcRow + x) * 4
                    let a = src[o + 3]
                    guard a > 0 else { continue }
                    let li = (lumaRow + x) * 2
                    luma[li] = src[o]
                    luma[li + 1] = a
                    let ci = (chromaRow + (x >> s.x)) * 3
                    sums[ci] &+= UInt32(src[o + 1]) &* UInt32(a)
                    sums[ci + 1] &+= UInt32(src[o + 2]) &* UInt32(a)
                    sums[ci + 2] &+= UInt32(a)
                }
            }
        }
        }
        }
        // Coverage-weighted means: the total is at most 4 × 255, so a reciprocal from a table
        // replaces two divisions a sample.
        var chroma = [UInt8](repeating: 0, count: sums.count)
        let reciprocals = YUVOverlay.reciprocals
        sums.withUnsafeBufferPointer { sums in
            chroma.withUnsafeMutableBufferPointer { chroma in
                for i in stride(from: 0, to: sums.count, by: 3) where sums[i + 2] > 0 {
                    let total = sums[i + 2]
                    let r = reciprocals[Int(total)]
                    chroma[i] = UInt8(truncatingIfNeeded: min(255, (UInt64(sums[i] &+ total / 2) &* r) >> 32))
                    chroma[i + 1] = UInt8(truncatingIfNeeded: min(255, (UInt64(sums[i + 1] &+ total / 2) &* r) >> 32))
                    chroma[i + 2] = UInt8(truncatingIfNeeded: (total &+ samplesPerChroma / 2) / samplesPerChroma)
                }
            }
        }
        self.luma = luma
        self.chroma = chroma
    }

    /// True when it was made for frames like this one.
    public func matches(_ frame: VideoFrame) -> Bool {
        frame.pixelFormat == pixelFormat && frame.matrix == matrix && frame.range == range
    }

    public func composite(onto frame: inout VideoFrame) {
        precondition(matches(frame), "a YUVOverlay is made for one pixel format, matrix and range")
        guard !lumaRect.isEmpty else { return }
        @inline(__always) func mix(_ src: UInt8, _ dst: UInt8, _ a: UInt8) -> UInt8 {
            let alpha = UInt32(a)
            let sum: UInt32 = UInt32(src) &* alpha &+ UInt32(dst) &* (255 &- alpha) &+ 127
            return UInt8(truncatingIfNeeded: sum / 255)
        }
        let lw = lumaRect.width
        let yStride = frame.strides[0]
        luma.withUnsafeBufferPointer { src in
            frame.planes[0].withUnsafeMutableBufferPointer { dst in
                for row in 0..<lumaRect.height {
                    let d = (lumaRect.y + row) * yStride + lumaRect.x
                    let s = row * lw * 2
                    // Branch-free (exact at a = 0 and a = 255 too), so the loop vectorises.
                    for col in 0..<lw {
                        dst[d + col] = mix(src[s + col * 2], dst[d + col], src[s + col * 2 + 1])
                    }
                }
            }
        }
        let cw = chromaRect.width
        for plane in 1...2 {
            let cStride = frame.strides[plane]
            chroma.withUnsafeBufferPointer { src in
                frame.planes[plane].withUnsafeMutableBufferPointer { dst in
                    for row in 0..<chromaRect.height {
                        let d = (chromaRect.y + row) * cStride + chromaRect.x
                        let s = row * cw * 3
                        for col in 0..<cw {
                            dst[d + col] = mix(src[s + col * 3 + plane - 1], dst[d + col], src[s + col * 3 + 2])
                        }
                    }
                }
            }
        }
    }
}
