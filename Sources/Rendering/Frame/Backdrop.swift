/// What captions are drawn over when there is no video: for looking at captions in a PNG.
public enum Backdrop: Sendable {
    /// Light and mid grey squares, so that transparency and black boxes both show.
    case checker
    /// Opaque black, as letterboxing or a dark scene.
    case black
    /// Fully transparent (the PNG keeps the overlay's alpha).
    case transparent
    /// An image, scaled to the frame.
    case image(Bitmap)

    /// The backdrop as a bitmap of this size (the checker and black opaque, `transparent` empty);
    /// an image of another size is rescaled to it.
    public func bitmap(width: Int, height: Int) -> Bitmap {
        switch self {
        case .black: return Bitmap(width: width, height: height, fill: (0, 0, 0, 255))
        case .transparent: return Bitmap(width: width, height: height)
        case .image(let image): return image.width == width && image.height == height ? image : image.scaled(width: width, height: height)
        case .checker:
            let square = max(8, height / 27)
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for y in 0..<height {
                for x in 0..<width {
                    let v: UInt8 = ((x / square) + (y / square)) % 2 == 0 ? 0x99 : 0x66
                    let o = (y * width + x) * 4
                    pixels[o] = v; pixels[o + 1] = v; pixels[o + 2] = v
                }
            }
            return Bitmap(width: width, height: height, pixels: pixels)
        }
    }
}

extension Bitmap {
    /// The bitmap resampled to a new size: each output pixel the average of the source area it
    /// covers (alpha-weighted), which keeps text legible when shrinking for contact sheets.
    public func scaled(width newWidth: Int, height newHeight: Int) -> Bitmap {
        var out = [UInt8](repeating: 0, count: newWidth * newHeight * 4)
        let sx = Double(width) / Double(newWidth), sy = Double(height) / Double(newHeight)
        for y in 0..<newHeight {
            let y0 = Int(Double(y) * sy), y1 = max(y0 + 1, min(height, Int(Double(y + 1) * sy)))
            for x in 0..<newWidth {
                let x0 = Int(Double(x) * sx), x1 = max(x0 + 1, min(width, Int(Double(x + 1) * sx)))
                var r = 0, g = 0, b = 0, a = 0, n = 0
                for yy in y0..<min(y1, height) {
                    for xx in x0..<min(x1, width) {
                        let o = (yy * width + xx) * 4
                        let pa = Int(pixels[o + 3])
                        r += Int(pixels[o]) * pa; g += Int(pixels[o + 1]) * pa; b += Int(pixels[o + 2]) * pa
                        a += pa; n += 1
                    }
                }
                let o = (y * newWidth + x) * 4
                if a > 0 {
                    out[o] = UInt8(r / a); out[o + 1] = UInt8(g / a); out[o + 2] = UInt8(b / a)
                }
                out[o + 3] = UInt8(a / max(1, n))
            }
        }
        return Bitmap(width: newWidth, height: newHeight, pixels: out)
    }

    /// Copies `other` onto this bitmap with its top-left at (x, y), replacing pixels.
    public mutating func paste(_ other: Bitmap, x: Int, y: Int) {
        for row in 0..<other.height where y + row >= 0 && y + row < height {
            for col in 0..<other.width where x + col >= 0 && x + col < width {
                let s = (row * other.width + col) * 4, d = ((y + row) * width + x + col) * 4
                pixels[d] = other.pixels[s]; pixels[d + 1] = other.pixels[s + 1]
                pixels[d + 2] = other.pixels[s + 2]; pixels[d + 3] = other.pixels[s + 3]
            }
        }
    }
}
