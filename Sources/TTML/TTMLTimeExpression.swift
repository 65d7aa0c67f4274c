public import TimedText
package import XML

extension DiagnosticCode {
    /// A `begin`, `end` or `dur` value that is not a valid `<time-expression>`; the attribute is ignored.
    public static let ttmlBadTime: Self = "ttml.bad-time"
    /// A timing parameter (`ttp:frameRate`, `ttp:tickRate`, …) with an invalid value; its default is used.
    public static let ttmlBadParameter: Self = "ttml.bad-parameter"
    /// A timing feature read approximately (`ttp:timeBase="clock"`, `wallclock(…)`).
    public static let ttmlUnsupportedTiming: Self = "ttml.unsupported-timing"
}

/// The timing parameters of a document (TTML2 §7.2, attributes of `tt`), with their defaults.
public struct TTMLTimingParameters: Sendable, Hashable {
    /// `ttp:timeBase`: what times count (`clock` is read as `media`, with a diagnostic).
    public enum TimeBase: String, Sendable, Hashable { case media, smpte, clock }
    /// `ttp:dropMode`: which frame numbers SMPTE time codes skip.
    public enum DropMode: String, Sendable, Hashable { case nonDrop, dropNTSC, dropPAL }

    /// `ttp:timeBase` (default `media`).
    public var timeBase: TimeBase = .media
    /// `ttp:frameRate`: frames per second before the multiplier (default 30).
    public var frameRate: Int64 = 30
    /// `ttp:frameRateMultiplier` (default 1:1).
    public var frameRateMultiplier = Fraction.one
    /// `ttp:subFrameRate` (default 1).
    public var subFrameRate: Int64 = 1
    /// `ttp:tickRate`: when absent, the effective frame rate times the sub-frame rate if
    /// `ttp:frameRate` is given, otherwise 1 (TTML2 §7.2.12).
    public var tickRate = Fraction.one
    /// `ttp:dropMode` (default `nonDrop`).
    public var dropMode: DropMode = .nonDrop
    /// Whether a clock time's field after the seconds (`00:00:05:77`) is read as hundredths of a
    /// second rather than frames: not TTML, but what older tools wrote under any `ttp:frameRate`.
    /// The reader sets it for a whole document when the document's own times say so (some last
    /// field at or above the frame rate, none of more than two digits), with one
    /// `ttml.frame-field-reading` warning; false by default.
    public var lastFieldIsHundredths = false

    /// TTML's defaults: media time, 30 frames per second, one tick per second.
    public init() {}

    /// Frames per second: `frameRate × frameRateMultiplier` (30000/1001 for NTSC).
    /// `read` keeps it within 64 bits; parameters set otherwise to a rate beyond that saturate.
    public var effectiveFrameRate: Fraction {
        let (rate, overflow) = frameRate.multipliedReportingOverflow(by: frameRateMultiplier.numerator)
        return Fraction(overflow ? Int64.max : rate, frameRateMultiplier.denominator)
    }

    /// Reads the parameters from the root element; an invalid value is reported and its default used.
    package static func read(from root: XMLElementNode, log: inout DiagnosticLog) -> TTMLTimingParameters {
        var p = TTMLTimingParameters()
        func value(_ local: String) -> XMLAttribute? { root.attribute(XMLName(XMLNamespace.ttp, local)) }
        func bad(_ attribute: XMLAttribute, _ expected: String) {
            log.report(.warning, .ttmlBadParameter, "\(attribute.qualifiedName)=\"\(attribute.value)\" is not \(expected); the default is used",
                       at: attribute.location)
        }
        if let a = value("timeBase") {
            if let base = TimeBase(rawValue: trimmed(a.value)) {
                p.timeBase = base
                if base == .clock {
                    log.report(.info, .ttmlUnsupportedTiming,
                               "ttp:timeBase=\"clock\": times are read as offsets from the start of the document, as media times",
                               at: a.location)
                }
            } else {
                bad(a, "media, smpte or clock")
            }
        }
        if let a = value("frameRate") {
            if let rate = positiveInteger(a.value) { p.frameRate = rate } else { bad(a, "a positive integer") }
        }
        if let a = value("frameRateMultiplier") {
            let parts = a.value.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 2, let n = positiveInteger(parts[0]), let d = positiveInteger(parts[1]) {
                // Each part has up to 12 digits: the rate they make must still fit in 64 bits.
                if !p.frameRate.multipliedReportingOverflow(by: Fraction(n, d).numerator).overflow {
                    p.frameRateMultiplier = Fraction(n, d)
                } else {
                    bad(a, "a multiplier that keeps the frame rate within range")
                }
            } else {
                bad(a, "two positive integers (numerator denominator)")
            }
        }
        if let a = value("subFrameRate") {
            if let rate = positiveInteger(a.value),
               !p.effectiveFrameRate.numerator.multipliedReportingOverflow(by: rate).overflow {
                p.subFrameRate = rate
            } else {
                bad(a, "a positive integer that keeps the tick rate within range")
            }
        }
        if let a = value("tickRate"), let rate = positiveInteger(a.value) {
            p.tickRate = Fraction(rate)
        } else {
            if let a = value("tickRate") { bad(a, "a positive integer") }
            let rate = p.effectiveFrameRate
            let (ticks, overflow) = rate.numerator.multipliedReportingOverflow(by: p.subFrameRate)
            p.tickRate = value("frameRate") != nil && p.frameRate > 0 ? Fraction(overflow ? Int64.max : ticks, rate.denominator) : .one
        }
        if let a = value("dropMode") {
            if let mode = DropMode(rawValue: trimmed(a.value)) { p.dropMode = mode } else { bad(a, "nonDrop, dropNTSC or dropPAL") }
        }
        return p
    }
}

/// TTML2 §10.3.1 `<time-expression>`: clock time (`hh:mm:ss`, `hh:mm:ss.fraction`,
/// `hh:mm:ss:frames[.subframes]`) and offset time (`<count>[.fraction](h|m|s|ms|f|t)`), read
/// exactly into `MediaTime`.
public enum TTMLTimeExpression {
    /// The time the expression denotes under `parameters`, or nil with the reason it is invalid.
    public static func parse(_ text: String, parameters: TTMLTimingParameters) -> Result<MediaTime, Invalid> {
        var text = text
        // In place: parsing a time allocates nothing (a copy into an array was one allocation
        // per `begin` and `end` of a document).
        return text.withUTF8 { parse($0[...], parameters) }
    }

    /// The bytes of a time expression, read where they are.
    typealias TimeBytes = Slice<UnsafeBufferPointer<UInt8>>

    static func parse(_ utf8: TimeBytes, _ parameters: TTMLTimingParameters) -> Result<MediaTime, Invalid> {
        var end = utf8.endIndex
        while end > utf8.startIndex, isWhitespace(utf8[end - 1]) { end -= 1 }
        var start = utf8.startIndex
        while start < end, isWhitespace(utf8[start]) { start += 1 }
        let bytes = utf8[start..<end]
        if bytes.isEmpty { return .failure(Invalid("an empty time expression")) }
        if bytes.first == UInt8(ascii: "w"), bytes.starts(with: "wallclock(".utf8) {
            return .failure(Invalid("wallclock() times are not supported"))
        }
        if bytes.contains(UInt8(ascii: ":")) { return clockTime(bytes, parameters) }
        return offsetTime(bytes, parameters)
    }

    /// Why a time expression was refused.
    public struct Invalid: Error, Sendable, Hashable {
        /// What is wrong, for a message (`an empty time expression`).
        public var reason: String
        /// A clock time's frames at or above the frame rate (`00:00:05:77` at 24 frames per
        /// second): what a document whose last fields are hundredths gives.
        var isFrameBeyondRate = false
        init(_ reason: String) { self.reason = reason }
    }

    /// A run of decimal digits from `index`: its value (nil past 18 digits) and length.
    static func digits(_ bytes: TimeBytes, _ index: inout Int) -> (value: Int64?, count: Int) {
        var value: Int64 = 0
        var count = 0
        while index < bytes.endIndex, bytes[index] >= 0x30 && bytes[index] <= 0x39 {
            if count < 18 { value = value * 10 + Int64(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        return (count <= 18 ? value : nil, count)
    }

    static func clockTime(_ bytes: TimeBytes, _ p: TTMLTimingParameters) -> Result<MediaTime, Invalid> {
        var i = bytes.startIndex
        let hours = digits(bytes, &i)
        guard hours.count >= 2, let h = hours.value, i < bytes.endIndex, bytes[i] == UInt8(ascii: ":") else {
            return .failure(Invalid("clock time needs hours of at least two digits, then ':'"))
        }
        i += 1
        let minutes = digits(bytes, &i)
        guard minutes.count == 2, let m = minutes.value, m < 60, i < bytes.endIndex, bytes[i] == UInt8(ascii: ":") else {
            return .failure(Invalid("clock time needs two-digit minutes below 60, then ':'"))
        }
        i += 1
        let secondsDigits = digits(bytes, &i)
        guard secondsDigits.count == 2, let s = secondsDigits.value, s <= 60 else {
            return .failure(Invalid("clock time needs two-digit seconds below 60"))
        }
        // Hours have up to 18 digits: in 128 bits, the seconds cannot overflow.
        let wholeSeconds = Int128(h) * 3600 + Int128(m * 60 + s)
        var seconds = Rational(wide: wholeSeconds, 1)
        var frames: Int64 = 0
        var subFrames: Int64 = 0
        var hasFrames = false
        var fractionPart = Rational(0)
        if i < bytes.endIndex && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            let fraction = digits(bytes, &i)
            guard fraction.count > 0 else { return .failure(Invalid("a '.' without digits")) }
            // The common case, `hh:mm:ss.fff` in media time: counted in units of the fraction's
            // last digit, without the general arithmetic's divisions.
            if i == bytes.endIndex, p.timeBase != .smpte, fraction.count <= 9, let f = fraction.value,
               let whole = Int64(exactly: wholeSeconds) {
                let scale = Self.powersOfTen[fraction.count]
                let (scaled, overflow) = whole.multipliedReportingOverflow(by: scale)
                if !overflow, case let (value, false) = scaled.addingReportingOverflow(f) {
                    return .success(MediaTime(value: value, timescale: scale))
                }
            }
            fractionPart = decimalFraction(bytes[fractionStart..<i])
            seconds = seconds + fractionPart
        } else if i < bytes.endIndex && bytes[i] == UInt8(ascii: ":") {
            i += 1
            let f = digits(bytes, &i)
            guard f.count >= 2, let fv = f.value else { return .failure(Invalid("frames need at least two digits")) }
            frames = fv
            hasFrames = true
            if i < bytes.endIndex && bytes[i] == UInt8(ascii: ".") {
                i += 1
                let sf = digits(bytes, &i)
                guard sf.count >= 1, let sfv = sf.value else { return .failure(Invalid("a '.' without sub-frame digits")) }
                subFrames = sfv
            }
        }
        guard i == bytes.endIndex else { return .failure(Invalid("unexpected characters after the clock time")) }
        if hasFrames && p.lastFieldIsHundredths {
            guard frames < 100, subFrames == 0 else { return .failure(Invalid("hundredths \(frames) are not below 100")) }
            return time(seconds + Rational(frames, 100), "the clock time")
        }
        let rate = p.effectiveFrameRate
        if hasFrames {
            // Frame numbers run up to the nominal (integer) rate: 29 at 30000/1001.
            let nominal = (rate.numerator + rate.denominator - 1) / rate.denominator
            guard frames < max(nominal, p.frameRate) else {
                var invalid = Invalid("frame \(frames) is not below the frame rate \(p.frameRate)")
                invalid.isFrameBeyondRate = true
                return .failure(invalid)
            }
            guard subFrames < p.subFrameRate || subFrames == 0 else {
                return .failure(Invalid("sub-frame \(subFrames) is not below the sub-frame rate \(p.subFrameRate)"))
            }
        }
        if p.timeBase == .smpte {
            // SMPTE time code: a frame count at the nominal rate (with dropped frame numbers
            // skipped), played at the effective rate.
            var count = wholeSeconds * Int128(p.frameRate) + Int128(frames)
            let totalMinutes = Int128(h) * 60 + Int128(m)
            switch p.dropMode {
            case .nonDrop: break
            case .dropNTSC: count -= 2 * (totalMinutes - totalMinutes / 10)
            case .dropPAL: count -= 4 * (totalMinutes / 2 - totalMinutes / 20)
            }
            let total = Rational(wide: count, 1) + Rational(subFrames, p.subFrameRate)
            return time(total / Rational(rate) + fractionPart, "the time code")
        }
        var total = seconds
        if hasFrames {
            total = total + (Rational(frames) + Rational(subFrames, p.subFrameRate)) / Rational(rate)
        }
        return time(total, "the clock time")
    }

    static func offsetTime(_ bytes: TimeBytes, _ p: TTMLTimingParameters) -> Result<MediaTime, Invalid> {
        var i = bytes.startIndex
        let count = digits(bytes, &i)
        guard count.count > 0, let whole = count.value else { return .failure(Invalid("an offset time starts with digits")) }
        var value = Rational(whole)
        if i < bytes.endIndex && bytes[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            let fraction = digits(bytes, &i)
            guard fraction.count > 0 else { return .failure(Invalid("a '.' without digits")) }
            value = value + decimalFraction(bytes[fractionStart..<i])
        }
        let metric = bytes[i...]
        let seconds: Rational
        if metric.elementsEqual("s".utf8) {
            seconds = value
        } else if metric.elementsEqual("ms".utf8) {
            seconds = value / Rational(1000)
        } else if metric.elementsEqual("t".utf8) {
            seconds = value / Rational(p.tickRate)
        } else if metric.elementsEqual("f".utf8) {
            seconds = value / Rational(p.effectiveFrameRate)
        } else if metric.elementsEqual("m".utf8) {
            seconds = value * Rational(60)
        } else if metric.elementsEqual("h".utf8) {
            seconds = value * Rational(3600)
        } else if metric.isEmpty {
            return .failure(Invalid("an offset time needs a metric (h, m, s, ms, f or t)"))
        } else {
            return .failure(Invalid("unknown metric '\(String(decoding: metric, as: UTF8.self))' (h, m, s, ms, f or t)"))
        }
        return time(seconds, "the offset time")
    }

    static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    static func decimalFraction(_ digits: TimeBytes) -> Rational {
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        // Digits past the 17th are below any time scale that matters; they are dropped.
        for d in digits.prefix(17) {
            numerator = numerator * 10 + Int64(d - 0x30)
            denominator *= 10
        }
        return Rational(numerator, denominator)
    }

    static func time(_ r: Rational, _ what: String) -> Result<MediaTime, Invalid> {
        guard let t = r.mediaTime else { return .failure(Invalid("\(what) is out of range")) }
        return .success(t)
    }
}

/// An exact rational with 128-bit parts for the arithmetic of time expressions, reduced to a
/// `MediaTime` at the end. A result too large for 128 bits has denominator 0: it stays so through
/// further arithmetic, and has no `mediaTime` (the expression is out of range, not a crash).
struct Rational {
    var n: Int128
    var d: Int128

    init(_ n: Int64, _ d: Int64 = 1) {
        self.n = Int128(n)
        self.d = Int128(d)
    }

    init(_ f: Fraction) { self.init(f.numerator, f.denominator) }

    init(wide n: Int128, _ d: Int128) {
        var n = n, d = d
        if d < 0 { n = 0 &- n; d = 0 &- d }
        var a = n.magnitude, b = d.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        if a > 1 { n /= Int128(a); d /= Int128(a) }
        self.n = n
        self.d = d
    }

    static let outOfRange = Rational(wide: 0, 0)

    private static func product(_ a: Int128, _ b: Int128) -> Int128? {
        let (p, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : p
    }

    static func + (l: Rational, r: Rational) -> Rational {
        guard l.d != 0, r.d != 0, let a = product(l.n, r.d), let b = product(r.n, l.d), let d = product(l.d, r.d),
              case let (sum, false) = a.addingReportingOverflow(b) else { return outOfRange }
        return Rational(wide: sum, d)
    }

    static func * (l: Rational, r: Rational) -> Rational {
        guard l.d != 0, r.d != 0, let n = product(l.n, r.n), let d = product(l.d, r.d) else { return outOfRange }
        return Rational(wide: n, d)
    }

    static func / (l: Rational, r: Rational) -> Rational {
        guard l.d != 0, r.d != 0, r.n != 0, let n = product(l.n, r.d), let d = product(l.d, r.n) else { return outOfRange }
        return Rational(wide: n, d)
    }

    var mediaTime: MediaTime? {
        let reduced = Rational(wide: n, d)
        guard reduced.d != 0, let v = Int64(exactly: reduced.n), let s = Int64(exactly: reduced.d) else { return nil }
        return MediaTime(value: v, timescale: s)
    }
}

func trimmed(_ s: String) -> String {
    // Most values have nothing to trim: returned as they are, not rebuilt.
    if let first = s.utf8.first, let last = s.utf8.last, !isWhitespace(first), !isWhitespace(last) { return s }
    var utf8 = Substring(s).utf8[...]
    while let f = utf8.first, isWhitespace(f) { utf8 = utf8.dropFirst() }
    while let l = utf8.last, isWhitespace(l) { utf8 = utf8.dropLast() }
    return String(Substring(utf8))
}

func positiveInteger<S: StringProtocol>(_ s: S) -> Int64? {
    let t = trimmed(String(s))
    guard !t.isEmpty, t.utf8.count <= 12, t.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let v = Int64(t), v > 0 else { return nil }
    return v
}
