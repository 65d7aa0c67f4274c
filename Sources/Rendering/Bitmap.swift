/// An image in straight-alpha RGBA, 8 bits a channel, rows top to bottom without padding.
public struct Bitmap: Sendable, Hashable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width × height × 4` bytes: R, G, B, A for each pixel, left to right, top row first; colour
    /// not multiplied by alpha.
    public var pixels: [UInt8]

    /// A bitmap with every pixel `fill` (straight R, G, B, A); transparent by default. Traps on an
    /// empty size.
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "bitmap must not be empty")
        self.width = width
        self.height = height
        if fill == (0, 0, 0, 0) {
            pixels = [UInt8](repeating: 0, count: width * height * 4)
        } else {
            pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
                for i in 0..<(width * height) {
                    buffer[i * 4] = fill.0
                    buffer[i * 4 + 1] = fill.1
                    buffer[i * 4 + 2] = fill.2
                    buffer[i * 4 + 3] = fill.3
                }
                count = width * height * 4
            }
        }
    }

    /// A bitmap over existing straight-alpha RGBA bytes; traps unless there are `width × height × 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight-alpha pixel at (x, y), from the top-left; traps outside the bitmap.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = (y * width + x) * 4
        return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
    }

    /// The smallest rectangle holding every pixel with alpha above `threshold`, or nil when none does.
    public func inkBounds(alphaAbove threshold: UInt8 = 0) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        pixels.withUnsafeBufferPointer { p in
            for y in 0..<height {
                let row = y * width * 4
                for x in 0..<width where p[row + x * 4 + 3] > threshold {
                    minX = min(minX, x); maxX = max(maxX, x)
                    minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// The part of the bitmap inside `rect` (clipped to the bitmap), as a new bitmap.
    public func cropped(to rect: PixelRect) -> Bitmap? {
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return nil }
        var out = [UInt8](repeating: 0, count: r.width * r.height * 4)
        for row in 0..<r.height {
            let src = ((r.y + row) * width + r.x) * 4
            out[(row * r.width * 4)..<((row + 1) * r.width * 4)] = pixels[src..<(src + r.width * 4)]
        }
        return Bitmap(width: r.width, height: r.height, pixels: out)
    }

    /// Draws a libass mask in its colour (source-over).
    public mutating func draw(_ image: RasterImage) {
        image.coverage.withUnsafeBufferPointer { mask in
            blend(mask: mask.baseAddress!, stride: image.width, width: image.width, height: image.height,
                  atX: image.x, y: image.y, color: (image.color.r, image.color.g, image.color.b, image.color.a))
        }
    }

    /// Fills a rectangle with a colour (source-over), clipped to the bitmap.
    public mutating func fill(_ rect: PixelRect, with color: Color4) {
        guard color.a > 0 else { return }
        let r = rect.intersection(PixelRect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { p in
            for y in r.y..<(r.y + r.height) {
                for x in r.x..<(r.x + r.width) {
                    Bitmap.over(&p, (y * w + x) * 4, color.r, color.g, color.b, UInt32(color.a))
                }
            }
        }
    }

    /// Source-over blending of a coverage mask in one colour (how libass images are drawn).
    /// `color` alpha is opacity (255 opaque).
    mutating func blend(mask: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int, atX x0: Int, y y0: Int,
                        color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        let width = self.width, height = self.height
        pixels.withUnsafeMutableBufferPointer { p in
            for row in 0..<h {
                let y = y0 + row
                guard y >= 0 && y < height else { continue }
                for col in 0..<w {
                    let x = x0 + col
                    guard x >= 0 && x < width else { continue }
                    let coverage = UInt32(mask[row * stride + col]) * UInt32(color.a) / 255
                    if coverage == 0 { continue }
                    Bitmap.over(&p, (y * width + x) * 4, color.r, color.g, color.b, coverage)
                }
            }
        }
    }

    /// Straight-alpha source-over of one pixel.
    ///
    /// Glyph edges over a caption box take the general case for every antialiased pixel, so it
    /// divides once (a 16-bit reciprocal of the result's alpha) instead of once a channel, and an
    /// opaque destination (a solid box) needs no division by a variable at all.
    @inline(__always)
    static func over(_ p: inout UnsafeMutableBufferPointer<UInt8>, _ o: Int, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ coverage: UInt32) {
        let dstA = UInt32(p[o + 3])
        if coverage >= 255 {
            p[o] = r; p[o + 1] = g; p[o + 2] = b; p[o + 3] = 255
            return
        }
        if coverage == 0 { return }
        if dstA == 0 {
            p[o] = r; p[o + 1] = g; p[o + 2] = b; p[o + 3] = UInt8(coverage)
            return
        }
        let inverse = 255 &- coverage
        if dstA == 255 {
            @inline(__always) func opaque(_ src: UInt8, _ dst: UInt8) -> UInt8 {
                UInt8(truncatingIfNeeded: (UInt32(src) &* coverage &+ UInt32(dst) &* inverse &+ 127) / 255)
            }
            p[o] = opaque(r, p[o]); p[o + 1] = opaque(g, p[o + 1]); p[o + 2] = opaque(b, p[o + 2])
            return
        }
        // Weights of source and destination in 1/255ths of the result: coverage and
        // dstA·(255 − coverage)/255, over outA.
        let dstWeight = dstA &* inverse / 255
        let outA = coverage &+ dstWeight
        let reciprocal = (UInt32(1) << 16) / outA  // outA ≥ 1 here
        @inline(__always) func mix(_ src: UInt8, _ dst: UInt8) -> UInt8 {
            let sum = (UInt32(src) &* coverage &+ UInt32(dst) &* dstWeight) &* reciprocal &+ 32768
            return UInt8(truncatingIfNeeded: min(255, sum >> 16))
        }
        p[o] = mix(r, p[o])
        p[o + 1] = mix(g, p[o + 1])
        p[o + 2] = mix(b, p[o + 2])
        p[o + 3] = UInt8(truncatingIfNeeded: min(255, outA))
    }
}

/// A rectangle of whole pixels.
public struct PixelRect: Sendable, Hashable, CustomStringConvertible {
    /// Left edge, in pixels from the frame's left.
    public var x: Int
    /// Top edge, in pixels from the frame's top.
    public var y: Int
    /// Width in pixels; 0 or less is empty.
    public var width: Int
    /// Height in pixels; 0 or less is empty.
    public var height: Int

    /// A rectangle from its top-left corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// True when it covers no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }
    /// The column just right of the rectangle (`x + width`, exclusive).
    public var maxX: Int { x + width }
    /// The row just below the rectangle (`y + height`, exclusive).
    public var maxY: Int { y + height }

    /// The pixels both cover; empty (width or height 0) when they do not meet.
    public func intersection(_ other: PixelRect) -> PixelRect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The smallest rectangle holding both (an empty one counts as nothing).
    public func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// True when the two share at least one pixel.
    public func intersects(_ other: PixelRect) -> Bool { !intersection(other).isEmpty }

    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
