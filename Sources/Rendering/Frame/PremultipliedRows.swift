/// The per-row arithmetic of premultiplied-alpha drawing and compositing on 8-bit planes.
///
/// Every loop here is a plain loop over unsafe pointers with wrapping 16-bit arithmetic and no
/// branch, which LLVM vectorises for the baseline x86-64 (SSE2: eight 16-bit lanes a multiply):
/// these rows are where burning captions that change every frame spends its time. (Swift's
/// `SIMD16<UInt8>` ↔ `SIMD16<UInt16>` conversions are calls into the standard library, not
/// vector instructions, so the loops are left to the auto-vectoriser instead.)
enum PremultipliedRows {
    /// x / 255 rounded to nearest, exactly, for 0 ≤ x ≤ 255 × 255, without a division.
    @inline(__always)
    static func divideBy255(_ x: UInt16) -> UInt16 {
        let biased = x &+ 128
        return (biased &+ (biased &>> 8)) &>> 8
    }

    /// `alpha[i] = coverage[i] × opacity / 255`: a mask's coverage in a colour that is not opaque.
    static func scale(_ coverage: UnsafePointer<UInt8>, by opacity: UInt8, into alpha: UnsafeMutablePointer<UInt8>, count: Int) {
        let opacity = UInt16(opacity)
        for i in 0..<count {
            alpha[i] = UInt8(truncatingIfNeeded: divideBy255(UInt16(coverage[i]) &* opacity))
        }
    }

    /// Source-over of one colour channel onto premultiplied values:
    /// `plane[i] = value × alpha[i] / 255 + plane[i] × (255 − alpha[i]) / 255`. With value 255 it
    /// is the alpha plane's own source-over. A zero alpha leaves the value exactly as it was.
    static func blend(_ value: UInt8, alpha: UnsafePointer<UInt8>, onto plane: UnsafeMutablePointer<UInt8>, count: Int) {
        let value = UInt16(value)
        for i in 0..<count {
            let a = UInt16(alpha[i])
            plane[i] = UInt8(truncatingIfNeeded: divideBy255(value &* a &+ UInt16(plane[i]) &* (255 &- a)))
        }
    }

    /// Premultiplied source-over onto a video plane: `frame[i] = value[i] + frame[i] × (255 − alpha[i]) / 255`.
    /// Premultiplied values never exceed their alpha, so the sum stays within a byte.
    static func composite(value: UnsafePointer<UInt8>, alpha: UnsafePointer<UInt8>, onto frame: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let kept = divideBy255(UInt16(frame[i]) &* (255 &- UInt16(alpha[i])))
            frame[i] = value[i] &+ UInt8(truncatingIfNeeded: kept)
        }
    }

    /// `out[i]` = the rounded mean of the 2 × 2 block at columns 2i, 2i + 1 of rows `upper` and
    /// `lower` (4:2:0 chroma from luma-resolution planes). Pairs are read as one 16-bit load, which
    /// keeps the loop contiguous and so vectorised.
    static func meanOf2x2(upper: UnsafeRawPointer, lower: UnsafeRawPointer, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let a = upper.loadUnaligned(fromByteOffset: 2 &* i, as: UInt16.self)
            let b = lower.loadUnaligned(fromByteOffset: 2 &* i, as: UInt16.self)
            let sum = (a & 0xFF) &+ (a &>> 8) &+ (b & 0xFF) &+ (b &>> 8)
            out[i] = UInt8(truncatingIfNeeded: (sum &+ 2) &>> 2)
        }
    }

    /// `out[i]` = the rounded mean of columns 2i, 2i + 1 of `row` (4:2:2 chroma).
    static func meanOf2x1(_ row: UnsafeRawPointer, into out: UnsafeMutablePointer<UInt8>, count: Int) {
        for i in 0..<count {
            let a = row.loadUnaligned(fromByteOffset: 2 &* i, as: UInt16.self)
            out[i] = UInt8(truncatingIfNeeded: ((a & 0xFF) &+ (a &>> 8) &+ 1) &>> 1)
        }
    }
}
