import TimedText

/// A run of bytes of the text being read.
typealias ByteSlice = Slice<UnsafeBufferPointer<UInt8>>

/// The number syntaxes of WebVTT settings, on bytes.
enum WebVTTNumbers {
    /// W3C WebVTT §6.2, "parse a percentage string": `digits[.digits]%`, between 0 and 100.
    /// Returns the percentage as a double (the API value) and, for the model, as an exact proportion.
    static func percentage(_ s: ByteSlice) -> (percent: Double, fraction: Fraction)? {
        guard s.count >= 2, s.last == UInt8(ascii: "%") else { return nil }
        let number = s.dropLast()
        guard isDecimal(number, allowSign: false) else { return nil }
        // A short decimal is exact as a fraction, and its double (an exact numerator over an exact
        // power of ten, divided once) is correctly rounded: no text-to-double conversion needed.
        if let (numerator, denominator) = shortDecimal(number) {
            let value = Double(numerator) / Double(denominator)
            guard value <= 100 else { return nil }
            return (value, Fraction(numerator, denominator * 100))
        }
        guard let value = floatingPoint(number), value >= 0, value <= 100 else { return nil }
        return (value, fraction(number, approximating: value).dividedBy100)
    }

    /// A validated `digits[.digits]` with at most 15 significant digits as numerator and power of
    /// ten, both exact in a double; nil for a longer one.
    static func shortDecimal(_ s: ByteSlice) -> (Int64, Int64)? {
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        var significant = 0
        var afterPoint = false
        for b in s {
            if b == UInt8(ascii: ".") {
                afterPoint = true
                continue
            }
            if numerator != 0 || b != UInt8(ascii: "0") { significant += 1 }
            if significant > 15 || denominator >= 1_000_000_000_000_000 { return nil }
            numerator = numerator * 10 + Int64(b - UInt8(ascii: "0"))
            if afterPoint { denominator *= 10 }
        }
        return (numerator, denominator)
    }

    /// `-?digits(.digits)?` as §6.3 allows for `line` numbers, or nil.
    static func lineNumber(_ s: ByteSlice) -> Double? {
        guard isDecimal(s, allowSign: true) else { return nil }
        return floatingPoint(s)
    }

    /// Digits, an optional leading `-` (when allowed) and at most one `.` with a digit on each side.
    static func isDecimal(_ s: ByteSlice, allowSign: Bool) -> Bool {
        var body = s
        if allowSign, body.first == UInt8(ascii: "-") { body = body.dropFirst() }
        guard let first = body.first, let last = body.last, isDigit(first), isDigit(last) else { return false }
        var points = 0
        for b in body {
            if b == UInt8(ascii: ".") {
                points += 1
            } else if !isDigit(b) {
                return false
            }
        }
        return points <= 1
    }

    /// HTML's "rules for parsing floating-point number values" for an already validated decimal:
    /// the nearest double, `-0` becoming `+0`, and values beyond the double range an error.
    static func floatingPoint(_ s: ByteSlice) -> Double? {
        guard let value = Double(String(decoding: s, as: UTF8.self)), value.isFinite else { return nil }
        return value + 0.0
    }

    /// The exact value of a short decimal, or the double rounded to a billionth for a long one
    /// (rendering needs no more).
    static func fraction(_ s: ByteSlice, approximating value: Double) -> Fraction {
        if let exact = Fraction(decimal: s) { return exact }
        let scaled = (value * 1_000_000_000).rounded()
        guard abs(scaled) < 9e18 else { return Fraction(value < 0 ? -Int64.max / 1_000_000_000 : Int64.max / 1_000_000_000) }
        return Fraction(Int64(scaled), 1_000_000_000)
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// ASCII whitespace as HTML defines it: tab, LF, FF, CR, space.
    @inline(__always) static func isWhitespace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }
}

extension Fraction {
    /// The proportion a percentage stands for.
    var dividedBy100: Fraction { Fraction(percent: self) }
}
