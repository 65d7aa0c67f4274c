/// A colour in a video's Y′CbCr with its opacity (255 opaque).
struct YUVColor: Sendable, Hashable {
    var y: UInt8, cb: UInt8, cr: UInt8, alpha: UInt8

    /// `color` converted with the frame's matrix and range, its alpha kept.
    init(_ color: Color4, for frame: VideoFrame) {
        (y, cb, cr) = ColorConversion.yuv(color, matrix: frame.matrix, range: frame.range)
        alpha = color.a
    }
}

/// Captions drawn straight in a video's Y′CbCr: four planes at luma resolution (Y′, alpha, Cb, Cr)
/// over a rectangle of the frame, colours premultiplied by alpha, transparent at first. Boxes and
/// libass masks are drawn with source-over row by row (`PremultipliedRows`), then `overlay()`
/// averages chroma to the frame's subsampling and hands the planes to a `YUVOverlay`.
///
/// Premultiplied because source-over is then the same multiply-add on every plane, with no
/// division by the result's alpha, and because a chroma sample's value is then simply the mean
/// of the pixels it covers (coverage-weighted, as a half-covered sample must be tinted by half).
/// Y′CbCr is an affine function of R′G′B′, so drawing in it equals drawing in R′G′B′ and
/// converting after.
///
/// Only each row's span of the parts to be drawn is cleared, averaged and composited: two
/// centred lines of different lengths leave a quarter of their bounding rectangle empty.
struct YUVCanvas {
    let pixelFormat: VideoFrame.PixelFormat
    let matrix: VideoFrame.Matrix
    let range: VideoFrame.Range
    /// The frame's pixels the canvas covers: what the scene touches, rounded out to whole chroma
    /// samples and clipped to the frame.
    let rect: PixelRect
    /// Bytes from one row to the next, and rows: `rect`'s width and height rounded up to whole
    /// chroma samples (at an odd frame edge), so that averaging never reads past a plane. The
    /// padding stays transparent, counting as uncovered.
    let stride: Int
    let rows: Int
    /// For each row of chroma samples, the columns (canvas luma x, whole chroma samples) that
    /// anything is drawn in. Outside them the planes are never cleared nor read.
    let spans: [Range<Int>]
    /// Y′ and alpha planes of `stride × rows` (what the overlay keeps), then Cb and Cr at luma
    /// resolution (averaged by `overlay()`).
    private var luma: [UInt8]
    private var chroma: [UInt8]
    /// What has been drawn so far: a box on none of it is drawn by setting, not blending.
    private var drawn: [PixelRect] = []

    /// Where the planes come from and the chroma planes go back to, when reused.
    private let pool: OverlayBufferPool?

    /// A transparent canvas for drawing `parts` (rectangles of the frame) on frames like `frame`
    /// (nil when they miss the frame), its planes from `pool` when one is given.
    init?(for parts: [PixelRect], of frame: VideoFrame, pool: OverlayBufferPool? = nil) {
        let shift = frame.pixelFormat.chromaShift
        let bounds = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)
        let clipped = parts.map { $0.intersection(bounds) }.filter { !$0.isEmpty }
        let r = clipped.reduce(PixelRect(x: 0, y: 0, width: 0, height: 0)) { $0.union($1) }
        guard !r.isEmpty else { return nil }
        func roundedDown(_ v: Int, _ s: Int) -> Int { (v >> s) << s }
        func roundedUp(_ v: Int, _ s: Int) -> Int { ((v + (1 << s) - 1) >> s) << s }
        let x0 = roundedDown(r.x, shift.x), y0 = roundedDown(r.y, shift.y)
        let x1 = min(frame.width, roundedUp(r.maxX, shift.x)), y1 = min(frame.height, roundedUp(r.maxY, shift.y))
        pixelFormat = frame.pixelFormat
        matrix = frame.matrix
        range = frame.range
        rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        stride = roundedUp(rect.width, shift.x)
        rows = roundedUp(rect.height, shift.y)
        var spans = [Range<Int>](repeating: 0..<0, count: rows >> shift.y)
        for part in clipped {
            let columns = roundedDown(part.x - x0, shift.x)..<roundedUp(part.maxX - x0, shift.x)
            for group in ((part.y - y0) >> shift.y)...((part.maxY - 1 - y0) >> shift.y) {
                spans[group] = spans[group].isEmpty ? columns
                    : min(spans[group].lowerBound, columns.lowerBound)..<max(spans[group].upperBound, columns.upperBound)
            }
        }
        self.spans = spans
        self.pool = pool
        luma = pool?.take(count: 2 * stride * rows) ?? [UInt8](repeating: 0, count: 2 * stride * rows)
        chroma = pool?.take(count: 2 * stride * rows) ?? [UInt8](repeating: 0, count: 2 * stride * rows)
        // Transparent where anything will be drawn (a reused buffer holds an older overlay).
        let (stride, rowsPerGroup) = (stride, 1 << shift.y)
        withBases { bases in
            for (group, span) in spans.enumerated() where !span.isEmpty {
                for y in (group * rowsPerGroup)..<((group + 1) * rowsPerGroup) {
                    for plane in [bases.luma, bases.alpha, bases.cb, bases.cr] {
                        (plane + y * stride + span.lowerBound).update(repeating: 0, count: span.count)
                    }
                }
            }
        }
    }

    private var planeSize: Int { stride * rows }

    /// The four planes' base pointers, for drawing row by row.
    private struct Bases {
        let luma: UnsafeMutablePointer<UInt8>, alpha: UnsafeMutablePointer<UInt8>
        let cb: UnsafeMutablePointer<UInt8>, cr: UnsafeMutablePointer<UInt8>
    }

    private mutating func withBases(_ body: (Bases) -> Void) {
        let planeSize = planeSize
        luma.withUnsafeMutableBufferPointer { luma in
            chroma.withUnsafeMutableBufferPointer { chroma in
                body(Bases(luma: luma.baseAddress!, alpha: luma.baseAddress! + planeSize,
                           cb: chroma.baseAddress!, cr: chroma.baseAddress! + planeSize))
            }
        }
    }

    /// Fills a rectangle of the frame (clipped to the canvas) with a colour, source-over.
    mutating func fill(_ box: PixelRect, with color: YUVColor) {
        guard color.alpha > 0 else { return }
        let r = box.intersection(rect)
        guard !r.isEmpty else { return }
        let (origin, stride) = (rect, stride)
        defer { drawn.append(r) }
        if !drawn.contains(where: { $0.intersects(r) }) {
            // Over nothing, source-over is the colour itself, premultiplied: the same bytes, set.
            func premultiplied(_ v: UInt8) -> UInt8 { UInt8(truncatingIfNeeded: PremultipliedRows.divideBy255(UInt16(v) &* UInt16(color.alpha))) }
            let values = [premultiplied(color.y), color.alpha, premultiplied(color.cb), premultiplied(color.cr)]
            withBases { bases in
                for (plane, value) in zip([bases.luma, bases.alpha, bases.cb, bases.cr], values) {
                    for y in r.y..<r.maxY { (plane + (y - origin.y) * stride + r.x - origin.x).update(repeating: value, count: r.width) }
                }
            }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: r.width) { alpha in
            alpha.initialize(repeating: color.alpha)
            withBases { bases in
                for y in r.y..<r.maxY {
                    Self.blend(color, alpha: alpha.baseAddress!, onto: bases, at: (y - origin.y) * stride + r.x - origin.x, count: r.width)
                }
            }
        }
    }

    /// Draws a libass coverage mask in a colour (source-over), clipped to the canvas.
    mutating func draw(_ image: RasterImage, in color: YUVColor) {
        guard color.alpha > 0 else { return }
        let r = PixelRect(x: image.x, y: image.y, width: image.width, height: image.height).intersection(rect)
        guard !r.isEmpty else { return }
        let (origin, stride) = (rect, stride)
        drawn.append(r)
        image.coverage.withUnsafeBufferPointer { coverage in
            // A row of alpha, for a colour that is not opaque.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: r.width) { scratch in
                withBases { bases in
                    for y in r.y..<r.maxY {
                        var alpha = coverage.baseAddress! + (y - image.y) * image.width + (r.x - image.x)
                        if color.alpha < 255 {
                            PremultipliedRows.scale(alpha, by: color.alpha, into: scratch.baseAddress!, count: r.width)
                            alpha = UnsafePointer(scratch.baseAddress!)
                        }
                        Self.blend(color, alpha: alpha, onto: bases, at: (y - origin.y) * stride + r.x - origin.x, count: r.width)
                    }
                }
            }
        }
    }

    /// Draws a picture's straight-alpha pixels source-over (an image subtitle, or a whole RGBA
    /// overlay converted for YUV frames), each colour converted with the frame's matrix and
    /// range, clipped to the canvas.
    mutating func draw(picture: Overlay, for frame: VideoFrame) {
        let r = picture.rect.intersection(rect)
        guard !r.isEmpty else { return }
        let (origin, stride) = (rect, stride)
        drawn.append(r)
        let width = picture.bitmap.width
        var lastColor = Color4(r: 0, g: 0, b: 0), lastConverted = YUVColor(lastColor, for: frame)
        picture.bitmap.pixels.withUnsafeBufferPointer { src in
            withBases { bases in
                for y in r.y..<r.maxY {
                    for x in r.x..<r.maxX {
                        let s = ((y - picture.y) * width + x - picture.x) * 4
                        var alpha = src[s + 3]
                        guard alpha > 0 else { continue }
                        let color = Color4(r: src[s], g: src[s + 1], b: src[s + 2])
                        if color != lastColor {
                            lastColor = color
                            lastConverted = YUVColor(color, for: frame)
                        }
                        withUnsafePointer(to: &alpha) {
                            Self.blend(lastConverted, alpha: $0, onto: bases, at: (y - origin.y) * stride + x - origin.x, count: 1)
                        }
                    }
                }
            }
        }
    }

    /// One row of source-over on all four planes, from `offset` in each.
    @inline(__always)
    private static func blend(_ color: YUVColor, alpha: UnsafePointer<UInt8>, onto bases: Bases, at offset: Int, count: Int) {
        PremultipliedRows.blend(color.y, alpha: alpha, onto: bases.luma + offset, count: count)
        PremultipliedRows.blend(255, alpha: alpha, onto: bases.alpha + offset, count: count)
        PremultipliedRows.blend(color.cb, alpha: alpha, onto: bases.cb + offset, count: count)
        PremultipliedRows.blend(color.cr, alpha: alpha, onto: bases.cr + offset, count: count)
    }

    /// The finished overlay: luma and alpha as drawn, chroma averaged over the pixels each chroma
    /// sample covers (which, premultiplied, is the coverage-weighted colour times the mean alpha).
    consuming func overlay() -> YUVOverlay {
        let shift = pixelFormat.chromaShift
        let chromaStride = stride >> shift.x, chromaRows = rows >> shift.y
        let chromaPlaneSize = chromaStride * chromaRows
        let (stride, planeSize) = (stride, planeSize)
        let spans = spans
        // Written in every span below; the rest is never read.
        var averaged = pool?.take(count: 3 * chromaPlaneSize) ?? [UInt8](repeating: 0, count: 3 * chromaPlaneSize)
        // Read-only access: a mutating one here could copy planes the caller still references.
        luma.withUnsafeBufferPointer { luma in
        chroma.withUnsafeBufferPointer { chroma in
            averaged.withUnsafeMutableBufferPointer { averaged in
                // Cb, Cr and alpha, each into its chroma plane.
                let sources = [chroma.baseAddress!, chroma.baseAddress! + planeSize, luma.baseAddress! + planeSize]
                for (index, from) in sources.enumerated() {
                    let to = averaged.baseAddress! + index * chromaPlaneSize
                    for (y, span) in spans.enumerated() where !span.isEmpty {
                        let source = from + (y << shift.y) * stride + span.lowerBound
                        let target = to + y * chromaStride + (span.lowerBound >> shift.x)
                        let count = span.count >> shift.x
                        switch shift {
                        case (1, 1): PremultipliedRows.meanOf2x2(upper: source, lower: source + stride, into: target, count: count)
                        case (1, 0): PremultipliedRows.meanOf2x1(source, into: target, count: count)
                        default: target.update(from: source, count: count)
                        }
                    }
                }
            }
        }
        }
        // Moved out, not copied: a reference left here would make the next user copy it.
        var scratch: [UInt8] = []
        swap(&scratch, &chroma)
        pool?.put(consume scratch)
        let chromaRect = PixelRect(x: rect.x >> shift.x, y: rect.y >> shift.y,
                                   width: (rect.width + (1 << shift.x) - 1) >> shift.x, height: (rect.height + (1 << shift.y) - 1) >> shift.y)
        return YUVOverlay(pixelFormat: pixelFormat, matrix: matrix, range: range,
                          luma: YUVOverlay.Planes(rect: rect, stride: stride, rows: rows, spans: spans, rowsPerSpan: 1 << shift.y, bytes: luma),
                          chroma: YUVOverlay.Planes(rect: chromaRect, stride: chromaStride, rows: chromaRows,
                                                    spans: spans.map { ($0.lowerBound >> shift.x)..<($0.upperBound >> shift.x) },
                                                    rowsPerSpan: 1, bytes: averaged))
    }
}
