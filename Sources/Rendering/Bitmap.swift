/// An image in straight-alpha RGBA, 8 bits a channel, rows top to bottom without padding.
public struct Bitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)) {
        precondition(width > 0 && height > 0, "bitmap must not be empty")
        self.width = width
        self.height = height
        var row = [UInt8]()
        row.reserveCapacity(width * 4)
        for _ in 0..<width { row.append(contentsOf: [fill.0, fill.1, fill.2, fill.3]) }
        pixels = Array([[UInt8]](repeating: row, count: height).joined())
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "pixel count does not match the size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = (y * width + x) * 4
        return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
    }

    /// The smallest rectangle holding every pixel with alpha above `threshold`, or nil when none does.
    public func inkBounds(alphaAbove threshold: UInt8 = 0) -> (x: Int, y: Int, width: Int, height: Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        for y in 0..<height {
            for x in 0..<width where pixels[(y * width + x) * 4 + 3] > threshold {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// Source-over blending of a coverage mask in one colour (how libass images are drawn).
    /// `color` alpha is opacity (255 opaque).
    mutating func blend(mask: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int, atX x0: Int, y y0: Int,
                        color: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) {
        for row in 0..<h {
            let y = y0 + row
            guard y >= 0 && y < height else { continue }
            for col in 0..<w {
                let x = x0 + col
                guard x >= 0 && x < width else { continue }
                let coverage = UInt32(mask[row * stride + col]) * UInt32(color.a) / 255
                if coverage == 0 { continue }
                let o = (y * width + x) * 4
                let dstA = UInt32(pixels[o + 3])
                let outA = coverage + dstA * (255 - coverage) / 255
                if outA == 0 { continue }
                func mix(_ src: UInt8, _ dst: UInt8) -> UInt8 {
                    UInt8((UInt32(src) * coverage + UInt32(dst) * dstA * (255 - coverage) / 255) / outA)
                }
                pixels[o] = mix(color.r, pixels[o])
                pixels[o + 1] = mix(color.g, pixels[o + 1])
                pixels[o + 2] = mix(color.b, pixels[o + 2])
                pixels[o + 3] = UInt8(outA)
            }
        }
    }
}
