import TimedText

/// The small value forms of ASS: times, colours, numbers, booleans. Byte-level, without allocation.
enum ASSValues {
    /// A time `H:MM:SS.CC` (hours of any length, one or two digits of minutes and seconds, a
    /// fraction of any length read as a decimal fraction), perhaps with a leading `-`. Returns the
    /// time in centiseconds exactly when the fraction has at most two digits, else at its own scale.
    struct Time {
        var time: MediaTime
        var isNegative: Bool
        var fractionDigits: Int
        /// Minutes or seconds of 60 or more (`0:00:75.00`): counted on, as libass counts them.
        var isOutOfRange = false
    }

    static func time(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Time? {
        // What Aegisub and nearly every script writes, `H:MM:SS.CC`, read at fixed places.
        if range.count == 10 {
            let b = range.lowerBound
            @inline(__always) func digit(_ k: Int) -> Int64? {
                let d = p[b + k] &- 0x30
                return d < 10 ? Int64(d) : nil
            }
            if p[b + 1] == UInt8(ascii: ":"), p[b + 4] == UInt8(ascii: ":"), p[b + 7] == UInt8(ascii: "."),
               let h = digit(0), let m1 = digit(2), let m2 = digit(3), let s1 = digit(5), let s2 = digit(6),
               let c1 = digit(8), let c2 = digit(9) {
                let minutes = m1 * 10 + m2, seconds = s1 * 10 + s2
                let centiseconds = ((h * 60 + minutes) * 60 + seconds) * 100 + c1 * 10 + c2
                return Time(time: MediaTime(value: centiseconds, timescale: 100), isNegative: false, fractionDigits: 2,
                            isOutOfRange: minutes >= 60 || seconds >= 60)
            }
        }
        var i = range.lowerBound
        var end = range.upperBound
        while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        while end > i, p[end - 1] == 0x20 || p[end - 1] == 0x09 { end -= 1 }
        var negative = false
        if i < end, p[i] == UInt8(ascii: "-") { negative = true; i += 1 }
        func digits(_ limit: Int) -> (Int64, Int)? {
            var value: Int64 = 0
            var n = 0
            while i < end, p[i] >= 0x30, p[i] <= 0x39, n < limit {
                value = value * 10 + Int64(p[i] - 0x30)
                i += 1
                n += 1
            }
            return n == 0 ? nil : (value, n)
        }
        guard let (hours, _) = digits(9), i < end, p[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        // libass reads each field as an integer, whatever its size: so do we, to a limit.
        guard let (minutes, _) = digits(9), i < end, p[i] == UInt8(ascii: ":") else { return nil }
        i += 1
        guard let (seconds, _) = digits(9) else { return nil }
        var fraction: Int64 = 0
        var fractionDigits = 0
        if i < end, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") {
            i += 1
            guard let (f, n) = digits(9) else { return nil }
            fraction = f
            fractionDigits = n
        }
        guard i == end else { return nil }
        // At most 9 digits in each field: the products below stay far inside Int64 (the fraction's
        // scaling is checked).
        let whole = (hours * 60 + minutes) * 60 + seconds
        var time: MediaTime
        switch fractionDigits {
        case 0: time = MediaTime(value: whole * 100, timescale: 100)
        case 1: time = MediaTime(value: whole * 100 + fraction * 10, timescale: 100)
        case 2: time = MediaTime(value: whole * 100 + fraction, timescale: 100)
        default:
            var scale: Int64 = 1
            for _ in 0..<fractionDigits { scale *= 10 }
            let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
            guard !overflow, scaled <= Int64.max - fraction else { return nil }
            time = MediaTime(value: scaled + fraction, timescale: scale)
        }
        if negative { time = -time }
        return Time(time: time, isNegative: negative && time != .zero, fractionDigits: fractionDigits,
                    isOutOfRange: minutes >= 60 || seconds >= 60)
    }

    /// An integer as libass reads one (`atoi`: leading spaces and sign, digits, anything after
    /// ignored); nil when there is no digit.
    static func integer(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        var negative = false
        if i < range.upperBound, p[i] == UInt8(ascii: "-") || p[i] == UInt8(ascii: "+") {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        var value = 0
        var any = false
        while i < range.upperBound, p[i] >= 0x30, p[i] <= 0x39 {
            value = min(value &* 10 &+ Int(p[i] - 0x30), 1 << 40)
            any = true
            i += 1
        }
        return any ? (negative ? -value : value) : nil
    }

    /// A decimal number (`20`, `1.5`, `-3`), exact; nil when it is not one.
    static func decimal(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Fraction? {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, p[lower] == 0x20 || p[lower] == 0x09 { lower += 1 }
        while upper > lower, p[upper - 1] == 0x20 || p[upper - 1] == 0x09 { upper -= 1 }
        guard lower < upper, upper - lower <= 24 else { return nil }
        var negative = false
        if p[lower] == UInt8(ascii: "-") { negative = true; lower += 1 } else if p[lower] == UInt8(ascii: "+") { lower += 1 }
        guard let value = Fraction(decimal: UnsafeBufferPointer(rebasing: p[lower..<upper])) else { return nil }
        return negative ? Fraction(-value.numerator, value.denominator) : value
    }

    /// An ASS colour: `&HAABBGGRR` / `&HBBGGRR` (with or without `&H`, a trailing `&`), or a
    /// decimal number as SSA writes them. ASS alpha 0 is opaque; `Color` alpha 255 is.
    static func color(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Color? {
        guard let value = colorValue(p, range) else { return nil }
        return Color(red: UInt8(value & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value >> 16 & 0xFF),
                     alpha: 255 - UInt8(value >> 24 & 0xFF))
    }

    /// The 32-bit value of an ASS colour or alpha field.
    static func colorValue(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32? {
        var i = range.lowerBound
        var end = range.upperBound
        while i < end, p[i] == 0x20 || p[i] == 0x09 { i += 1 }
        while end > i, p[end - 1] == 0x20 || p[end - 1] == 0x09 || p[end - 1] == UInt8(ascii: "&") { end -= 1 }
        if i < end, p[i] == UInt8(ascii: "&") { i += 1 }
        var hex = false
        if i < end, p[i] | 0x20 == UInt8(ascii: "h") { hex = true; i += 1 }
        guard i < end else { return nil }
        var value: UInt64 = 0
        var n = 0
        while i < end {
            let b = p[i]
            let digit: UInt64
            switch b {
            case 0x30...0x39: digit = UInt64(b - 0x30)
            case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: digit = UInt64(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: digit = UInt64(b - UInt8(ascii: "A") + 10)
            case UInt8(ascii: "-") where !hex && n == 0: i += 1; continue
            default: return nil
            }
            value = min(value * (hex ? 16 : 10) + digit, 0xFFFF_FFFF_FF)
            n += 1
            i += 1
        }
        return UInt32(truncatingIfNeeded: value)
    }

    /// An ASS boolean style field: `-1` and any non-zero number are true.
    static func flag(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool? {
        integer(p, range).map { $0 != 0 }
    }

    /// SSA v4's alignment (1–3 bottom, 5–7 top, 9–11 middle) as a numpad position.
    static func numpad(legacy value: Int) -> Int {
        let horizontal = max(1, min(3, value & 3 == 0 ? 2 : value & 3))
        switch value & 12 {
        case 4: return horizontal + 6
        case 8: return horizontal + 3
        default: return horizontal
        }
    }

    /// Case-insensitive ASCII comparison of `p[range]` (spaces around ignored) with a lower-case name.
    static func equalsLowercased(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: StaticString) -> Bool {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, p[lower] == 0x20 || p[lower] == 0x09 { lower += 1 }
        while upper > lower, p[upper - 1] == 0x20 || p[upper - 1] == 0x09 { upper -= 1 }
        guard upper - lower == name.utf8CodeUnitCount else { return false }
        let n = name.utf8Start
        for k in 0..<(upper - lower) {
            var b = p[lower + k]
            if b >= 0x41 && b <= 0x5A { b += 32 }
            if b != n[k] { return false }
        }
        return true
    }

    /// `p[range]` without surrounding spaces, as a string.
    static func string(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, p[lower] == 0x20 || p[lower] == 0x09 { lower += 1 }
        while upper > lower, p[upper - 1] == 0x20 || p[upper - 1] == 0x09 { upper -= 1 }
        if lower == upper { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: p[lower..<upper]), as: UTF8.self)
    }
}
