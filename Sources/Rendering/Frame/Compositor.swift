/// Blends overlays onto frames, touching only the overlay's rectangle.
public enum Compositor {
    /// Source-over onto an RGBA or BGRA frame (straight alpha both sides); onto a YUV frame the
    /// overlay is converted first. For video, draw the scene in the frame's Y′CbCr at once and
    /// keep the `YUVOverlay` for every frame it shows on (`CaptionRenderer.render`).
    public static func composite(_ overlay: Overlay, onto frame: inout VideoFrame) {
        if frame.pixelFormat.isYUV {
            YUVOverlay(overlay, for: frame)?.composite(onto: &frame)
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
