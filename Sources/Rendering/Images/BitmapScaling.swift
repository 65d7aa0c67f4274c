extension Bitmap {
    /// The bitmap resampled to `width × height` (at least 1 × 1) by bilinear interpolation of
    /// premultiplied colour, so that transparent pixels do not darken the edges they border.
    public func scaled(toWidth newWidth: Int, height newHeight: Int) -> Bitmap {
        let w = max(1, newWidth), h = max(1, newHeight)
        if w == width && h == height { return self }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let sx = Double(width) / Double(w), sy = Double(height) / Double(h)
        pixels.withUnsafeBufferPointer { src in
            for y in 0..<h {
                // Pixel centres mapped onto the source's, clamped at the edges.
                let fy = min(max(0, (Double(y) + 0.5) * sy - 0.5), Double(height - 1))
                let y0 = Int(fy), y1 = min(y0 + 1, height - 1), ty = fy - Double(y0)
                for x in 0..<w {
                    let fx = min(max(0, (Double(x) + 0.5) * sx - 0.5), Double(width - 1))
                    let x0 = Int(fx), x1 = min(x0 + 1, width - 1), tx = fx - Double(x0)
                    var r = 0.0, g = 0.0, b = 0.0, a = 0.0
                    func add(_ cx: Int, _ cy: Int, _ weight: Double) {
                        let o = (cy * width + cx) * 4
                        let alpha = Double(src[o + 3]) * weight
                        r += Double(src[o]) * alpha
                        g += Double(src[o + 1]) * alpha
                        b += Double(src[o + 2]) * alpha
                        a += alpha
                    }
                    add(x0, y0, (1 - tx) * (1 - ty))
                    add(x1, y0, tx * (1 - ty))
                    add(x0, y1, (1 - tx) * ty)
                    add(x1, y1, tx * ty)
                    let d = (y * w + x) * 4
                    guard a > 0 else { continue }
                    out[d] = UInt8(min(255, (r / a).rounded()))
                    out[d + 1] = UInt8(min(255, (g / a).rounded()))
                    out[d + 2] = UInt8(min(255, (b / a).rounded()))
                    out[d + 3] = UInt8(min(255, a.rounded()))
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: out)
    }
}
