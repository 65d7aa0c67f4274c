import TimedText

/// The syntax of TTML2 `<time-expression>` (§10.3.37) as the validator checks it: clock times
/// (`hh:mm:ss[.fff]` or `hh:mm:ss:ff[.sub]`), offset times (`count[.fraction]metric`) and
/// `wallclock(...)`. Values are not computed here; the reader's timing does that.
enum TTMLTimeCheck {
    static func check(_ text: String, frameRate: Int?) -> TTMLValueError? {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return TTMLValueError("empty time expression") }
        if text.hasPrefix("wallclock(") {
            guard text.hasSuffix(")") else { return TTMLValueError("wallclock( lacks its ')'") }
            let inner = text.dropFirst("wallclock(".count).dropLast().trimmingCharacters(in: " \t\n\r")
            return wallclock(String(inner)) ? nil : TTMLValueError("'\(inner)' is not a wall-clock date, time or date-time")
        }
        if bytes.contains(UInt8(ascii: ":")) {
            return clockTime(bytes[...]) ? nil : TTMLValueError("not a clock time (hh:mm:ss[.fraction] or hh:mm:ss:frames[.subframes])")
        }
        // Offset time: digits, optional fraction, metric.
        var index = 0
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > 0 else { return TTMLValueError("not a time expression") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let start = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            if index == start { return TTMLValueError("a fraction needs digits after '.'") }
        }
        let metric = String(decoding: bytes[index...], as: UTF8.self)
        guard ["h", "m", "s", "ms", "f", "t"].contains(metric) else {
            return TTMLValueError("'\(metric)' is not a time metric (h, m, s, ms, f, t)")
        }
        return nil
    }

    private static func digits(_ bytes: ArraySlice<UInt8>, count: ClosedRange<Int>) -> Int? {
        guard count.contains(bytes.count), bytes.allSatisfy(isDigit) else { return nil }
        return TTMLNumber.integer(bytes, allowSign: false)
    }

    private static func clockTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
        guard parts.count == 3 || parts.count == 4 else { return false }
        guard digits(parts[0], count: 2...9) != nil, let minutes = digits(parts[1], count: 2...2), minutes < 60 else { return false }
        let secondsPart = parts[2].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard let seconds = digits(secondsPart[0], count: 2...2), seconds <= 60 else { return false }
        if parts.count == 3 {
            guard secondsPart.count <= 2 else { return false }
            if secondsPart.count == 2 { return !secondsPart[1].isEmpty && secondsPart[1].allSatisfy(isDigit) }
            return true
        }
        guard secondsPart.count == 1 else { return false }
        let framePart = parts[3].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard framePart.count <= 2, digits(framePart[0], count: 2...9) != nil else { return false }
        if framePart.count == 2 { return !framePart[1].isEmpty && framePart[1].allSatisfy(isDigit) }
        return true
    }

    /// TTML2 §10.3.37 wall-clock values: `date`, `wall-time` or `date "T" wall-time`.
    private static func wallclock(_ text: String) -> Bool {
        if let t = text.firstIndex(of: "T") {
            return date(text[..<t]) && wallTime(text[text.index(after: t)...])
        }
        return text.contains(":") ? wallTime(Substring(text)) : date(Substring(text))
    }

    private static func date(_ text: Substring) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8)[...] }
        guard parts.count == 3, digits(parts[0], count: 4...4) != nil,
              let month = digits(parts[1], count: 2...2), (1...12).contains(month),
              let day = digits(parts[2], count: 2...2), (1...31).contains(day) else { return false }
        return true
    }

    /// `hh:mm` or `hh:mm:ss[.fraction]`, hours below 24, seconds up to 60 (a leap second) exactly.
    private static func wallTime(_ text: Substring) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map { Array($0.utf8)[...] }
        guard parts.count == 2 || parts.count == 3,
              let hours = digits(parts[0], count: 2...2), hours < 24,
              let minutes = digits(parts[1], count: 2...2), minutes < 60 else { return false }
        guard parts.count == 3 else { return true }
        let secondsPart = parts[2].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard secondsPart.count <= 2, let seconds = digits(secondsPart[0], count: 2...2), seconds <= 60 else { return false }
        if secondsPart.count == 2 {
            guard !secondsPart[1].isEmpty, secondsPart[1].allSatisfy(isDigit) else { return false }
            if seconds == 60, secondsPart[1].contains(where: { $0 != UInt8(ascii: "0") }) { return false }
        }
        return true
    }
}
