/// What is drawn for one moment: windows (boxes behind whole captions) and lines of text with
/// their background boxes, all in frame pixels, in drawing order.
public struct CaptionScene: Sendable {
    /// Boxes behind whole regions (a WebVTT or TTML region's background, or the viewer's window
    /// colour), with their straight-alpha colour; drawn first. Cues outside regions add none.
    public var windows: [(rect: PixelRect, color: Color4)] = []
    /// The lines of text, placed on the frame, each with its background boxes and glyph masks.
    public var lines: [RasterLine] = []
    /// Each placed block's box (a cue's lines, a region's content), for tests and overlap checks.
    public var blocks: [PixelRect] = []
    /// Pictures (image subtitles), scaled and clipped to where they show, straight alpha; drawn
    /// after the windows and before the lines' boxes.
    public var pictures: [Overlay] = []

    /// An empty scene (nothing on screen).
    public init() {}

    /// Everything the scene touches: windows, boxes and masks.
    public var bounds: PixelRect {
        var r = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for w in windows where w.color.a > 0 { r = r.union(w.rect) }
        for p in pictures { r = r.union(p.rect) }
        for line in lines {
            for b in line.backgrounds where b.color.a > 0 { r = r.union(b.rect) }
            for i in line.images { r = r.union(PixelRect(x: i.x, y: i.y, width: i.width, height: i.height)) }
        }
        return r
    }

    /// Draws the scene into a transparent overlay covering only what it touches (clipped to
    /// the frame). For video, `YUVOverlay(_:for:)` draws it in the frame's Y′CbCr instead.
    public func overlay(frameWidth: Int, frameHeight: Int) -> Overlay? {
        let area = bounds.intersection(PixelRect(x: 0, y: 0, width: frameWidth, height: frameHeight))
        guard !area.isEmpty else { return nil }
        var bitmap = Bitmap(width: area.width, height: area.height)
        paint(fill: { rect, color in bitmap.fill(rect.moved(-area.x, -area.y), with: color) },
              mask: { image in bitmap.draw(image.offset(dx: -area.x, dy: -area.y)) },
              picture: { Overlay(x: $0.x - area.x, y: $0.y - area.y, bitmap: $0.bitmap).draw(onto: &bitmap) })
        return Overlay(x: area.x, y: area.y, bitmap: bitmap)
    }

    /// Everything in drawing order, in frame pixels: windows first, then pictures, then every
    /// line's boxes, then each line's edges and glyphs — so that one line's box never covers
    /// another's text. Each way of drawing (RGBA, the video's Y′CbCr) follows this order.
    func paint(fill: (PixelRect, Color4) -> Void, mask: (RasterImage) -> Void, picture: (Overlay) -> Void) {
        for w in windows { fill(w.rect, w.color) }
        for p in pictures { picture(p) }
        for line in lines {
            for b in line.backgrounds { fill(b.rect, b.color) }
        }
        for line in lines {
            for image in line.images where image.kind != .fill { mask(image) }
            for image in line.images where image.kind == .fill { mask(image) }
        }
    }
}

extension CaptionScene {
    /// The scene moved by (dx, dy) pixels: a root container laid out on its own, placed in the frame.
    func offset(dx: Int, dy: Int) -> CaptionScene {
        guard dx != 0 || dy != 0 else { return self }
        var moved = self
        moved.windows = windows.map { ($0.rect.moved(dx, dy), $0.color) }
        moved.lines = lines.map { $0.offset(dx: dx, dy: dy) }
        moved.blocks = blocks.map { $0.moved(dx, dy) }
        moved.pictures = pictures.map { Overlay(x: $0.x + dx, y: $0.y + dy, bitmap: $0.bitmap) }
        return moved
    }
}

extension PixelRect {
    func moved(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x: x + dx, y: y + dy, width: width, height: height) }
}

/// Rendered captions: a straight-alpha RGBA bitmap placed at (x, y) on the frame, as small as
/// what it shows — compositing touches only this rectangle.
public struct Overlay: Sendable {
    /// Left edge of the bitmap on the frame, in pixels (a scene's overlay lies inside the frame;
    /// any part off it is not drawn).
    public var x: Int
    /// Top edge of the bitmap on the frame, in pixels.
    public var y: Int
    /// The captions' pixels, straight-alpha RGBA, transparent where nothing is drawn.
    public var bitmap: Bitmap

    /// An overlay of `bitmap` with its top-left corner at (x, y) on the frame.
    public init(x: Int, y: Int, bitmap: Bitmap) {
        self.x = x
        self.y = y
        self.bitmap = bitmap
    }

    /// The rectangle of the frame the overlay covers.
    public var rect: PixelRect { PixelRect(x: x, y: y, width: bitmap.width, height: bitmap.height) }

    /// The overlay drawn over a full-frame bitmap (for PNG output and tests).
    public func draw(onto frame: inout Bitmap) {
        let fw = frame.width, fh = frame.height, bw = bitmap.width
        let x0 = x, y0 = y
        bitmap.pixels.withUnsafeBufferPointer { src in
            frame.pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<bitmap.height where y0 + row >= 0 && y0 + row < fh {
                    for col in 0..<bw where x0 + col >= 0 && x0 + col < fw {
                        let s = (row * bw + col) * 4
                        guard src[s + 3] > 0 else { continue }
                        Bitmap.over(&dst, ((y0 + row) * fw + x0 + col) * 4, src[s], src[s + 1], src[s + 2], UInt32(src[s + 3]))
                    }
                }
            }
        }
    }
}
