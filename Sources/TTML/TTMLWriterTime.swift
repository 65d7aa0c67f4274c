import TimedText

/// How the writer spells every time of one document, chosen once so that each time is exact.
///
/// TTML1 §10.3.1 / TTML2 §10.3.1 time expressions: a `clock-time` `hh:mm:ss.fraction` is exact
/// for any time whose reduced timescale is a power-of-ten divisor (milliseconds, microseconds, 10 MHz
/// ticks); any other rational (1/3 s, 1001/30000 s NTSC frames) is exact as an `offset-time` in
/// ticks, `Nt`, at a `ttp:tickRate` that every timescale divides — their least common multiple.
enum TTMLWriterTimeForm: Equatable {
    /// `hh:mm:ss.fff…` with at least `minimumFractionDigits` digits (more when a time needs them).
    case clock(minimumFractionDigits: Int)
    /// `Nt` at this `ttp:tickRate`.
    case ticks(rate: Int64)

    /// The least common multiple above which ticks are not used (a rate a consumer can still
    /// hold in 64 bits with room for hours of media).
    static let largestTickRate: Int64 = 1 << 40

    /// Picks the expression for `times`. `preferTicks` asks for ticks even when clock times would
    /// be exact (10 MHz when that is exact, as SMPTE-TT and many encoders do). Returns nil rate
    /// information in `exact` = false when no tick rate up to `largestTickRate` is exact; then the
    /// caller rounds to 10 MHz ticks and says so.
    static func choose(for times: [MediaTime], preferTicks: Bool, clockOnly: Bool = false) -> (expression: TTMLWriterTimeForm, exact: Bool) {
        if clockOnly {
            // Consumers that read no ticks (Flash-era DFXP players): milliseconds where a time
            // has no finite decimal form.
            let exact = times.allSatisfy { powerOfTenDigits($0.timescale).map { $0 <= 9 } ?? false }
            return (.clock(minimumFractionDigits: 3), exact)
        }
        var lcm: Int64 = 1
        var overflowed = false
        for time in times where !overflowed {
            let scale = time.timescale
            if lcm % scale == 0 { continue }
            let g = Int64(gcd(UInt64(lcm), UInt64(scale)))
            let (product, overflow) = (lcm / g).multipliedReportingOverflow(by: scale)
            if overflow || product > largestTickRate { overflowed = true } else { lcm = product }
        }
        if overflowed { return (.ticks(rate: 10_000_000), false) }
        let decimalDigits = powerOfTenDigits(lcm)
        if preferTicks {
            if let digits = decimalDigits, digits <= 7 { return (.ticks(rate: 10_000_000), true) }
            return (.ticks(rate: lcm), true)
        }
        if decimalDigits != nil { return (.clock(minimumFractionDigits: 3), true) }
        return (.ticks(rate: lcm), true)
    }

    /// The number of decimal digits that represent every multiple of `1/scale` exactly, or nil
    /// when `scale` has a prime factor other than 2 and 5.
    static func powerOfTenDigits(_ scale: Int64) -> Int? {
        var s = scale
        var twos = 0
        var fives = 0
        while s % 2 == 0 { s /= 2; twos += 1 }
        while s % 5 == 0 { s /= 5; fives += 1 }
        return s == 1 ? max(twos, fives) : nil
    }

    /// The time (never negative; the caller clamps) in this expression.
    func text(_ time: MediaTime) -> String {
        switch self {
        case .ticks(let rate):
            // value/timescale × rate is a whole number when rate is a multiple of timescale; wide
            // arithmetic because hours of media at a large rate exceed 64 bits in the product.
            if rate % time.timescale != 0 { return "\(time.rounded(toTimescale: rate))t" }
            let ticks = Int128(time.value) * Int128(rate / time.timescale)
            return "\(ticks)t"
        case .clock(let minimumDigits):
            // A time with no finite decimal form (only when clock times were asked for) is
            // rounded to the millisecond; the caller has said so.
            guard let needed = Self.powerOfTenDigits(time.timescale), needed <= 9 else {
                return TTMLWriterTimeForm.clock(minimumFractionDigits: minimumDigits)
                    .text(MediaTime(value: time.rounded(toTimescale: 1000), timescale: 1000))
            }
            let seconds = time.value / time.timescale
            var remainder = time.value % time.timescale
            let hours = seconds / 3600
            let minutes = (seconds / 60) % 60
            var text = (hours < 10 ? "0" : "") + String(hours) + ":" + twoDigits(minutes) + ":" + twoDigits(seconds % 60)
            // Exact fraction digits: multiply by ten until the remainder is gone (the timescale
            // has only factors 2 and 5, so this ends within its power-of-ten digits).
            var digits = ""
            while remainder != 0 {
                remainder *= 10
                digits.append(Character(String(remainder / time.timescale)))
                remainder %= time.timescale
            }
            while digits.count < minimumDigits { digits.append("0") }
            if !digits.isEmpty { text += "." + digits }
            return text
        }
    }

    private func twoDigits(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
    var a = a
    var b = b
    while b != 0 { (a, b) = (b, a % b) }
    return a
}
