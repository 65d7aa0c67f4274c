public import TimedText

/// W3C WebVTT §6.2.1, "collect a WebVTT timestamp": `[h…:]mm:ss.ttt`, hours of any number of
/// digits (the syntax asks for two at least; the parsing algorithm, followed here as browsers do,
/// takes one), minutes and seconds of two digits below 60, exactly three fraction digits.
public enum WebVTTTimestamp {
    /// Parses a timestamp starting at `i`; on success `i` is just past it.
    package static func collect(_ p: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ limit: Int) -> MediaTime? {
        var k = i
        func digits(_ maxCount: Int = .max) -> (value: Int64, count: Int)? {
            var value: Int64 = 0
            var count = 0
            while k < limit, p[k] >= 0x30, p[k] <= 0x39, count < maxCount {
                if value < Int64.max / 10 { value = value * 10 + Int64(p[k] - 0x30) }
                count += 1
                k += 1
            }
            return count == 0 ? nil : (value, count)
        }
        guard let first = digits() else { return nil }
        let hoursFirst = first.count != 2 || first.value > 59
        guard k < limit, p[k] == UInt8(ascii: ":") else { return nil }
        k += 1
        guard let second = digits(), second.count == 2 else { return nil }
        var hours: Int64 = 0
        var minutes = first.value
        var seconds = second.value
        if hoursFirst || (k < limit && p[k] == UInt8(ascii: ":")) {
            guard k < limit, p[k] == UInt8(ascii: ":") else { return nil }
            k += 1
            guard let third = digits(), third.count == 2 else { return nil }
            hours = first.value
            minutes = second.value
            seconds = third.value
        }
        guard k < limit, p[k] == UInt8(ascii: ".") else { return nil }
        k += 1
        guard let fraction = digits(), fraction.count == 3 else { return nil }
        guard minutes <= 59, seconds <= 59, hours <= Int64.max / 3_600_000 - 1 else { return nil }
        i = k
        return MediaTime(milliseconds: ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction.value)
    }

    /// Parses a whole string as one timestamp (nothing may follow it).
    public static func parse(_ text: some StringProtocol) -> MediaTime? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { p in
            var i = 0
            guard let time = collect(p, &i, p.count), i == p.count else { return nil }
            return time
        }
    }
}
