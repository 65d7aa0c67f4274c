import TimedText

/// The small value forms of ASS: times, colours, numbers, booleans. Byte-level, without allocation.
enum ASSValues {
    /// A time `H:MM:SS.CC` (hours of any length, one or two digits of minutes and seconds, a
    /// fraction of any length read as a decimal fraction, after `.`, `,` or `:`), perhaps with a
    /// leading `-`. Returns the time in centiseconds exactly when the fraction has at most two
    /// digits, else at its own scale.
    struct Time {
        var time: MediaTime
        var isNegative: Bool
        var fractionDigits: Int
        /// Minutes or seconds of 60 or more (`0:00:75.00`): counted on, as libass counts them.
        var isOutOfRange = false
        /// The offset of a `:` before the fraction (`0:00:04:56`, as some tools write it: ffmpeg
        /// and Media3 read 4.56 s, libass no time at all), nil for `.` or `,`.
        var colonBeforeFraction: Int?
    }

    static func time(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Time? {
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
        var colon: Int?
        if i < end, p[i] == UInt8(ascii: ".") || p[i] == UInt8(ascii: ",") || p[i] == UInt8(ascii: ":") {
            if p[i] == UInt8(ascii: ":") { colon = i }
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
                    isOutOfRange: minutes >= 60 || seconds >= 60, colonBeforeFraction: colon)
    }

    /// What Aegisub and nearly every script writes, `H:MM:SS.CC` with one or two digits of hours
    /// and minutes and seconds under 60, in centiseconds; nil for any other form, which `time`
    /// reads (it reads this one too, the general way). The eight bytes after the hours (`:MM:SS.C`) are checked and read as one word: these
    /// are two of every event line's fields, and reading them byte by byte was 10% of a script read.
    @inline(__always)
    static func standardCentiseconds(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        guard range.count == 10 || range.count == 11, let base = p.baseAddress else { return nil }
        let b = range.lowerBound
        let h1 = p[b] &- 0x30, h2 = range.count == 11 ? p[b + 1] &- 0x30 : 0
        guard h1 < 10, h2 < 10 else { return nil }
        let hours = range.count == 11 ? Int64(h1) * 10 + Int64(h2) : Int64(h1)
        // Bytes 0…7 of the word (byte k is bits 8k…8k+7): `:` M M `:` S S `.` C
        let s = range.upperBound - 9
        // Loaded here, not through TextScanning's ByteWord.load: across the module that stayed a call.
        let word = UInt64(littleEndian: UnsafeRawPointer(base + s).loadUnaligned(as: UInt64.self))
        let digitBytes: UInt64 = 0xFF00_FFFF_00FF_FF00
        let separators: UInt64 = 0x002E_0000_3A00_003A      // ':' at 0 and 3, '.' at 6
        let d = (word ^ 0x3030_3030_3030_3030) & digitBytes  // each digit 0…9 when it is one
        let highNibbles: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        // A digit has a clear high nibble after the XOR, and adding 6 does not carry into it.
        guard word & ~digitBytes == separators, (d | (d &+ 0x0606_0606_0606_0606)) & highNibbles == 0 else { return nil }
        let c2 = p[s + 8] &- 0x30
        guard c2 < 10 else { return nil }
        @inline(__always) func byte(_ k: UInt64) -> Int64 { Int64(d >> (8 * k) & 0xFF) }
        let minutes = byte(1) * 10 + byte(2), seconds = byte(4) * 10 + byte(5)
        guard minutes < 60, seconds < 60 else { return nil }
        return ((hours * 60 + minutes) * 60 + seconds) * 100 + byte(7) * 10 + Int64(c2)
    }

    /// An integer as libass reads one (`atoi`: leading spaces and sign, digits, anything after
    /// ignored); nil when there is no digit.
    static func integer(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        // One digit: an event line's layer and margins, nearly always.
        if range.count == 1, case let digit = p[range.lowerBound] &- 0x30, digit < 10 { return Int(digit) }
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

    /// `p[range]` without surrounding spaces as one word, each byte with bit 5 set (byte k is bits
    /// 8k…8k+7, zeros after the last), or 0 when it is longer than eight bytes. Equal to the
    /// `letterWord` of a name of lower-case letters exactly when the two are equal ignoring ASCII
    /// case (bit 5 is a letter's case; the only bytes that become a lower-case letter with it set
    /// are that letter in either case): the key of every line of a script compared in one step.
    @inline(__always)
    static func letterWord(_ p: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, p[lower] == 0x20 || p[lower] == 0x09 { lower += 1 }
        while upper > lower, p[upper - 1] == 0x20 || p[upper - 1] == 0x09 { upper -= 1 }
        let length = upper - lower
        guard length <= 8 else { return 0 }
        guard lower + 8 <= p.count, let base = p.baseAddress else {
            var word: UInt64 = 0
            for k in lower..<upper { word |= UInt64(p[k] | 0x20) << (8 * UInt64(k - lower)) }
            return word
        }
        // One load, the bytes after the key masked off.
        let keep: UInt64 = length == 8 ? ~0 : (1 << (8 * UInt64(length))) &- 1
        return (UInt64(littleEndian: UnsafeRawPointer(base + lower).loadUnaligned(as: UInt64.self)) | 0x2020_2020_2020_2020) & keep
    }

    /// The `letterWord` of a name of at most eight lower-case letters.
    static func letterWord(_ name: StaticString) -> UInt64 {
        precondition(name.utf8CodeUnitCount <= 8 && (0..<name.utf8CodeUnitCount).allSatisfy { (0x61...0x7A).contains(name.utf8Start[$0]) },
                     "a letter word is at most eight lower-case letters")
        return name.withUTF8Buffer { letterWord($0, 0..<$0.count) }
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
