#if canImport(Glibc)
import Glibc
#endif

/// Colours re-encoded for a PQ (SMPTE ST 2084) display, full range, 8 bits: a colour's sRGB value
/// decoded to linear light (IEC 61966-2-1), taken as reference white at 80 cd/m², multiplied by
/// the region's luminance gain (TTML2 `tts:luminanceGain`), and encoded with the PQ inverse EOTF.
/// A white of gain 4 (320 cd/m²) becomes 160: what the IMSC 1.1 luminanceGain test asks for.
enum PQEncoding {
    /// sRGB reference white, in cd/m².
    static let referenceWhite = 80.0

    /// One colour encoded; alpha is kept.
    static func encode(_ color: Color4, gain: Double) -> Color4 {
        Color4(r: encode(color.r, gain: gain), g: encode(color.g, gain: gain), b: encode(color.b, gain: gain), a: color.a)
    }

    /// One 8-bit sRGB component encoded as 8-bit PQ.
    static func encode(_ component: UInt8, gain: Double) -> UInt8 {
        let v = Double(component) / 255
        let linear = v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
        let nits = min(10_000, linear * referenceWhite * max(0, gain))
        return UInt8((pq(nits) * 255).rounded())
    }

    /// SMPTE ST 2084 inverse EOTF: luminance in cd/m² to a signal value in 0...1.
    static func pq(_ nits: Double) -> Double {
        let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
        let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32
        let y = pow(max(0, nits) / 10_000, m1)
        return pow((c1 + c2 * y) / (1 + c3 * y), m2)
    }
}
