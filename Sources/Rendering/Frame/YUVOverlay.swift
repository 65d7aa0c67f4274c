/// Captions ready to composite onto YUV frames of one pixel format, matrix and range: premultiplied
/// Y′ and alpha per luma pixel, premultiplied Cb, Cr and alpha per chroma sample (each the mean
/// over the pixels it covers), drawn by `YUVCanvas`. Made once per caption state and reused for
/// every frame it shows on; compositing touches only its rectangle.
public struct YUVOverlay: Sendable {
    /// Planes over a rectangle of the frame's plane: the value planes, then alpha, each
    /// `stride × rows` (at least the rectangle). Only the columns in `spans` (relative to the
    /// rectangle, one span for every `rowsPerSpan` rows) hold anything; the rest is not even
    /// cleared.
    struct Planes: Sendable {
        let rect: PixelRect
        let stride: Int
        let rows: Int
        let spans: [Range<Int>]
        let rowsPerSpan: Int
        let bytes: [UInt8]
    }

    let pixelFormat: VideoFrame.PixelFormat
    let matrix: VideoFrame.Matrix
    let range: VideoFrame.Range
    /// Y′ then alpha.
    let luma: Planes
    /// Cb, Cr, then alpha.
    let chroma: Planes

    /// The scene drawn for frames like `frame`, nil when it touches none of the frame; its
    /// buffers come from `pool` when one is given (`OverlayBufferPool.recycle` hands them back).
    public init?(_ scene: CaptionScene, for frame: VideoFrame, pool: OverlayBufferPool? = nil) {
        var parts: [PixelRect] = []
        scene.paint(fill: { rect, color in if color.a > 0 { parts.append(rect) } },
                    mask: { image in if image.color.a > 0 { parts.append(PixelRect(x: image.x, y: image.y, width: image.width, height: image.height)) } },
                    picture: { parts.append($0.rect) })
        guard var canvas = YUVCanvas(for: parts, of: frame, pool: pool) else { return nil }
        scene.paint(fill: { canvas.fill($0, with: YUVColor($1, for: frame)) },
                    mask: { canvas.draw($0, in: YUVColor($0.color, for: frame)) },
                    picture: { canvas.draw(picture: $0, for: frame) })
        self = canvas.overlay()
    }

    /// libass's masks (a native script's picture, in libass's painting order) drawn straight in
    /// the Y′CbCr of frames like `frame`: each mask's colour converted once, only the rows' spans
    /// of the masks touched — no RGBA picture of their bounding box first. Nil when nothing
    /// touches the frame.
    init?(images: [RasterImage], for frame: VideoFrame, pool: OverlayBufferPool? = nil) {
        let parts = images.filter { $0.color.a > 0 }.map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        guard var canvas = YUVCanvas(for: parts, of: frame, pool: pool) else { return nil }
        var lastColor: Color4?
        var converted = YUVColor(Color4(r: 0, g: 0, b: 0), for: frame)
        for image in images where image.color.a > 0 {
            if image.color != lastColor {
                lastColor = image.color
                converted = YUVColor(image.color, for: frame)
            }
            canvas.draw(image, in: converted)
        }
        self = canvas.overlay()
    }

    /// An RGBA overlay converted for frames like `frame` (nil when it misses the frame).
    public init?(_ overlay: Overlay, for frame: VideoFrame) {
        guard var canvas = YUVCanvas(for: [overlay.rect], of: frame) else { return nil }
        canvas.draw(picture: overlay, for: frame)
        self = canvas.overlay()
    }

    init(pixelFormat: VideoFrame.PixelFormat, matrix: VideoFrame.Matrix, range: VideoFrame.Range, luma: Planes, chroma: Planes) {
        self.pixelFormat = pixelFormat
        self.matrix = matrix
        self.range = range
        self.luma = luma
        self.chroma = chroma
    }

    /// The luma and chroma buffers, for reuse.
    consuming func takeBuffers() -> ([UInt8], [UInt8]) {
        (luma.bytes, chroma.bytes)
    }

    /// True when it was made for frames like this one.
    public func matches(_ frame: VideoFrame) -> Bool {
        frame.pixelFormat == pixelFormat && frame.matrix == matrix && frame.range == range
    }

    /// Blends the captions onto `frame` in place (premultiplied source-over on Y′, Cb and Cr), only
    /// inside the overlay's rectangle; traps unless `matches(frame)`.
    public func composite(onto frame: inout VideoFrame) {
        precondition(matches(frame), "a YUVOverlay is made for one pixel format, matrix and range")
        // Each plane is written through its own buffer pointer, in place (the frame's planes are
        // uniquely owned by the burn loop; a copy here would cost a whole plane a frame).
        for (plane, planes, value) in [(0, luma, 0), (1, chroma, 0), (2, chroma, 1)] {
            let stride = frame.strides[plane]
            frame.planes[plane].withUnsafeMutableBufferPointer { target in
                planes.composite(valuePlane: value, onto: target, stride: stride)
            }
        }
    }
}

extension YUVOverlay.Planes {
    /// Premultiplied source-over of value plane `valuePlane` (with the alpha plane, the last) onto
    /// the rectangle of a frame plane.
    func composite(valuePlane: Int, onto target: UnsafeMutableBufferPointer<UInt8>, stride targetStride: Int) {
        guard !rect.isEmpty else { return }
        precondition((rect.maxY - 1) * targetStride + rect.maxX <= target.count, "the overlay is larger than the frame")
        let planeSize = stride * rows
        let alphaPlane = bytes.count / planeSize - 1
        bytes.withUnsafeBufferPointer { source in
            for row in 0..<rect.height {
                // Clipped to the rectangle: spans are whole chroma samples, which at an odd frame
                // edge reach past it.
                let span = spans[row / rowsPerSpan].clamped(to: 0..<rect.width)
                guard !span.isEmpty else { continue }
                let s = source.baseAddress! + row * stride + span.lowerBound
                PremultipliedRows.composite(value: s + valuePlane * planeSize, alpha: s + alphaPlane * planeSize,
                                            onto: target.baseAddress! + (rect.y + row) * targetStride + rect.x + span.lowerBound,
                                            count: span.count)
            }
        }
    }
}
