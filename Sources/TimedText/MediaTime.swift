/// An exact point or duration on a media timeline: `value / timescale` seconds, kept in lowest terms.
///
/// Like CMTime, but always reduced, so equal times are equal values. SRT and WebVTT milliseconds,
/// SCC frames at 30000/1001 fps and TTML ticks at 10 MHz all stay exact. `Double` seconds appear
/// only at the edges (JSON output, renderers).
public struct MediaTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Numerator; the sign of the time.
    public let value: Int64
    /// Denominator in ticks per second; always positive.
    public let timescale: Int64

    /// `value / timescale` seconds, reduced to lowest terms (a negative timescale moves its sign to
    /// `value`); a zero timescale traps. SCC frames are `MediaTime(value: frames * 1001, timescale: 30000)`.
    public init(value: Int64, timescale: Int64) {
        precondition(timescale != 0, "MediaTime timescale must not be zero")
        var v = value
        var s = timescale
        if s == 100 && v != 0 {
            // Centiseconds (ASS, two a line) without a branch on the value: which of 2, 4, 5 and
            // 25 divide it picks the reduced form (a division loop mispredicted every other time).
            let u = v.magnitude
            let twos = UInt64(min(u.trailingZeroBitCount, 2))
            let odd = u >> twos
            let by25 = odd % 25 == 0, by5 = odd % 5 == 0
            let reduced = Int64(by25 ? odd / 25 : by5 ? odd / 5 : odd)
            self.value = v < 0 ? -reduced : reduced
            self.timescale = (by25 ? 4 : by5 ? 20 : 100) >> twos
            return
        }
        if s == 1000 && v != 0 {
            // Milliseconds (SRT and WebVTT), the commonest timescale (2³·5³): reduce without a
            // division loop of the general kind.
            let twos = min(v.trailingZeroBitCount, 3)
            v >>= twos
            var fives = 0
            while fives < 3 && v % 5 == 0 {
                v /= 5
                fives += 1
            }
            self.value = v
            let fiveFactor: Int64 = fives == 0 ? 1 : fives == 1 ? 5 : fives == 2 ? 25 : 125
            self.timescale = (1000 >> twos) / fiveFactor
            return
        }
        if s == 30000 && v != 0 {
            // NTSC frames (1001/30000 s each), one per SCC byte pair; 30000 is 2⁴·3·5⁴.
            let twos = min(v.trailingZeroBitCount, 4)
            v >>= twos
            var scale = Int64(30000) >> twos
            if v % 3 == 0 {
                v /= 3
                scale /= 3
            }
            var fives = 0
            while fives < 4 && v % 5 == 0 {
                v /= 5
                scale /= 5
                fives += 1
            }
            self.value = v
            self.timescale = scale
            return
        }
        if s < 0 { v = 0 &- v; s = 0 &- s }
        let g = greatestCommonDivisor(v.magnitude, s.magnitude)
        if g > 1 {
            v /= Int64(g)
            s /= Int64(g)
        }
        self.value = v
        self.timescale = s
    }

    /// A whole number of seconds.
    public init(seconds: Int64) { self.init(value: seconds, timescale: 1) }
    /// A whole number of milliseconds (SRT's and WebVTT's resolution).
    public init(milliseconds: Int64) { self.init(value: milliseconds, timescale: 1000) }
    /// A whole number of microseconds.
    public init(microseconds: Int64) { self.init(value: microseconds, timescale: 1_000_000) }

    /// The start of the timeline.
    public static let zero = MediaTime(value: 0, timescale: 1)

    // Inlinable, both: readers and the timeline compare times in their innermost loops
    // (TTML's ISD selection spent 4% of a large document's read calling `<` across modules).
    @inlinable public static func == (lhs: MediaTime, rhs: MediaTime) -> Bool {
        // Both are in lowest terms: equal times have equal fields.
        lhs.value == rhs.value && lhs.timescale == rhs.timescale
    }

    @inlinable @inline(__always) public static func < (lhs: MediaTime, rhs: MediaTime) -> Bool {
        if lhs.timescale == rhs.timescale { return lhs.value < rhs.value }
        // Cross-multiplied in full width (two multiplications; a 128-bit `*` also checks for
        // overflow, which a product of two 64-bit numbers cannot reach).
        let l = lhs.value.multipliedFullWidth(by: rhs.timescale)
        let r = rhs.value.multipliedFullWidth(by: lhs.timescale)
        return l.high < r.high || (l.high == r.high && l.low < r.low)
    }

    public static func + (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        if lhs.value == 0 { return rhs }
        if rhs.value == 0 { return lhs }
        if lhs.timescale == rhs.timescale {
            return MediaTime(clamping: Int128(lhs.value) + Int128(rhs.value), timescale: Int128(lhs.timescale))
        }
        let l = Int128(lhs.timescale)
        let r = Int128(rhs.timescale)
        return MediaTime(clamping: Int128(lhs.value) * r + Int128(rhs.value) * l, timescale: l * r)
    }

    public static func - (lhs: MediaTime, rhs: MediaTime) -> MediaTime {
        lhs + MediaTime(value: 0 &- rhs.value, timescale: rhs.timescale)
    }

    /// The time negated (an offset backwards).
    public static prefix func - (time: MediaTime) -> MediaTime {
        MediaTime(value: 0 &- time.value, timescale: time.timescale)
    }

    /// Reduces a wide fraction; saturates at the Int64 range in the (unreachable for captions)
    /// case that the reduced fraction still does not fit.
    init(clamping value: Int128, timescale: Int128) {
        let g = Int128(greatestCommonDivisor(value.magnitude, timescale.magnitude))
        var v = g > 1 ? value / g : value
        var s = g > 1 ? timescale / g : timescale
        while v.magnitude > UInt128(Int64.max) || s > Int128(Int64.max) {
            v /= 2
            s /= 2
            if s == 0 { s = 1 }
        }
        self.init(value: Int64(v), timescale: Int64(s))
    }

    /// The time as a whole number of `1/timescale` ticks, rounded to nearest (ties away from zero).
    public func rounded(toTimescale scale: Int64) -> Int64 {
        if scale == timescale { return value }
        // Caption times are small: stay in 64 bits when the product fits (Int128 division is slow).
        let (product, overflow) = value.multipliedReportingOverflow(by: scale)
        if !overflow && product != Int64.min {
            let half = timescale / 2
            // Rounding half a tick up can itself pass the end of 64 bits: then the long way.
            let (nudged, past) = product >= 0 ? product.addingReportingOverflow(half) : product.subtractingReportingOverflow(half)
            if !past { return nudged / timescale }
        }
        let numerator = Int128(value) * Int128(scale)
        let denominator = Int128(timescale)
        let half = denominator / 2
        let rounded = numerator >= 0 ? (numerator + half) / denominator : (numerator - half) / denominator
        return Int64(clamping: rounded)
    }

    /// Seconds as a floating-point number, for edges only (renderers, statistics).
    public var approximateSeconds: Double { Double(value) / Double(timescale) }

    /// The time in seconds rounded to the microsecond, as JSON writes it: `1.5`, `4.0`, `0.033367`.
    public var secondsText: String {
        let micros = rounded(toTimescale: 1_000_000)
        let negative = micros < 0
        let magnitude = micros.magnitude
        var fraction = magnitude % 1_000_000
        var text = negative ? "-" : ""
        text += String(magnitude / 1_000_000)
        text += "."
        if fraction == 0 { return text + "0" }
        var digits = 6
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        text += String(repeating: "0", count: digits - fractionText.count) + fractionText
        return text
    }

    public var description: String {
        timescale == 1 ? "\(value)s" : "\(value)/\(timescale)s"
    }

    /// Hours, minutes, seconds and a fraction in `1/fractionScale` units, rounded to nearest:
    /// the clock form every caption format writes (`01:02:03,456`).
    public func clockComponents(fractionScale: Int64) -> ClockComponents {
        let ticks = rounded(toTimescale: fractionScale)
        let magnitude = ticks.magnitude
        let scale = UInt64(fractionScale)
        let totalSeconds = magnitude / scale
        return ClockComponents(
            isNegative: ticks < 0,
            hours: totalSeconds / 3600,
            minutes: (totalSeconds / 60) % 60,
            seconds: totalSeconds % 60,
            fraction: magnitude % scale)
    }
}

/// A time split into the parts of a caption clock (`hh:mm:ss.fff`), as
/// `MediaTime.clockComponents(fractionScale:)` gives them.
public struct ClockComponents: Sendable, Hashable {
    /// True for a time before zero (the parts are its magnitude's): a writer may refuse or clamp it.
    public var isNegative: Bool
    /// Whole hours, not wrapped at 24 and possibly more than two digits.
    public var hours: UInt64
    /// Minutes past the hour, 0…59.
    public var minutes: UInt64
    /// Seconds past the minute, 0…59.
    public var seconds: UInt64
    /// The rest, in `1/fractionScale` units, `0..<fractionScale`: milliseconds for a scale of 1000,
    /// frames for a frame rate.
    public var fraction: UInt64
}

@inline(__always)
func greatestCommonDivisor<T: UnsignedInteger & FixedWidthInteger>(_ a: T, _ b: T) -> T {
    // Binary GCD (Stein): shifts and subtractions instead of divisions, which cost 20–80 cycles
    // each at 64 bits; every time a player builds goes through here.
    if a == 0 { return b }
    if b == 0 { return a }
    var a = a, b = b
    let shift = (a | b).trailingZeroBitCount
    a >>= a.trailingZeroBitCount
    repeat {
        b >>= b.trailingZeroBitCount
        if a > b { swap(&a, &b) }
        b -= a
    } while b != 0
    return a << shift
}
