/// An exact non-integer quantity — a proportion of the video frame, a percentage, an opacity —
/// kept as a reduced rational so that `33.333%` read from WebVTT or `100px` of a 1920-pixel TTML
/// root extent is written back unchanged. Renderers convert to `Double` at the edge.
public struct Fraction: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Numerator, in lowest terms; carries the sign.
    public let numerator: Int64
    /// Always positive.
    public let denominator: Int64

    /// `numerator / denominator`, reduced to lowest terms with a positive denominator; a zero
    /// denominator traps.
    public init(_ numerator: Int64, _ denominator: Int64 = 1) {
        precondition(denominator != 0, "Fraction denominator must not be zero")
        var n = numerator
        var d = denominator
        if d < 0 { n = 0 &- n; d = 0 &- d }
        let g = greatestCommonDivisor(n.magnitude, d.magnitude)
        if g > 1 { n /= Int64(g); d /= Int64(g) }
        self.numerator = n
        self.denominator = d
    }

    /// 0 (none of the frame; fully transparent as an opacity).
    public static let zero = Fraction(0)
    /// 1 (all of the frame, 100%; fully opaque as an opacity).
    public static let one = Fraction(1)

    /// `percent`% as a fraction of one: `Fraction(percent: Fraction(50))` is 1/2.
    public init(percent: Fraction) {
        self.init(percent.numerator, percent.denominator * 100)
    }

    /// This value times 100.
    public var percent: Fraction { Fraction(numerator * 100, denominator) }

    public static func < (lhs: Fraction, rhs: Fraction) -> Bool {
        Int128(lhs.numerator) * Int128(rhs.denominator) < Int128(rhs.numerator) * Int128(lhs.denominator)
    }

    /// The nearest `Double`, for drawing and statistics (the model itself stays exact).
    public var doubleValue: Double { Double(numerator) / Double(denominator) }

    /// Parses a plain decimal number such as `42`, `-3.5` or `.25` exactly (no exponent).
    /// Returns nil for anything else, or for more than 15 significant digits.
    public init?<Bytes: Collection>(decimal bytes: Bytes) where Bytes.Element == UInt8 {
        var negative = false
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        var sawDigit = false
        var sawPoint = false
        var digits = 0
        var index = bytes.startIndex
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            bytes.formIndex(after: &index)
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                sawDigit = true
                if numerator != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                if digits > 15 { return nil }
                numerator = numerator * 10 + Int64(byte - UInt8(ascii: "0"))
                if sawPoint { denominator *= 10 }
                if denominator > 1_000_000_000_000_000 { return nil }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            bytes.formIndex(after: &index)
        }
        guard sawDigit else { return nil }
        self.init(negative ? -numerator : numerator, denominator)
    }

    /// Decimal text, exact when the value is a terminating decimal within `maximumFractionDigits`,
    /// otherwise rounded to that many digits; no trailing zeros: `50`, `33.333`, `0.5`.
    public func decimalText(maximumFractionDigits: Int = 6) -> String {
        var scale: Int64 = 1
        for _ in 0..<maximumFractionDigits { scale *= 10 }
        let scaled = Int128(numerator) * Int128(scale)
        let d = Int128(denominator)
        let rounded = scaled >= 0 ? (scaled + d / 2) / d : (scaled - d / 2) / d
        let negative = rounded < 0
        var magnitude = rounded.magnitude
        let integerPart = magnitude / UInt128(scale)
        magnitude %= UInt128(scale)
        var text = negative ? "-" : ""
        text += String(integerPart)
        if magnitude == 0 { return text }
        var digits = maximumFractionDigits
        while magnitude % 10 == 0 { magnitude /= 10; digits -= 1 }
        let fractionText = String(magnitude)
        return text + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }

    public var description: String { denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)" }
}
