import TimedText

/// TTML2 §10.3.37 `<time-expression>` as the validator checks it: clock and offset times through
/// the reader's `TTMLTimeExpression` (so both agree on what is valid, frames and ticks included),
/// and `wallclock(...)` values, which the reader does not compute, checked for syntax here.
enum TTMLTimeCheck {
    static func check(_ text: String, timing: TTMLTimingParameters) -> TTMLValueError? {
        guard let first = text.utf8.first, let last = text.utf8.last else { return TTMLValueError("empty time expression") }
        if isXMLSpace(first) || isXMLSpace(last) { return TTMLValueError("whitespace around the time expression") }
        if text.hasPrefix("wallclock(") {
            guard text.hasSuffix(")") else { return TTMLValueError("wallclock( lacks its ')'") }
            let inner = text.dropFirst("wallclock(".count).dropLast().trimmingCharacters(in: " \t\n\r")
            return wallclock(String(inner)) ? nil : TTMLValueError("'\(inner)' is not a wall-clock date, time or date-time")
        }
        switch TTMLTimeExpression.parse(text, parameters: timing) {
        case .success: return nil
        case .failure(let invalid): return TTMLValueError(invalid.reason)
        }
    }

    private static func digits(_ bytes: ArraySlice<UInt8>, count: ClosedRange<Int>) -> Int? {
        guard count.contains(bytes.count), bytes.allSatisfy(isDigit) else { return nil }
        return TTMLNumber.integer(bytes, allowSign: false)
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
