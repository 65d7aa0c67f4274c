public import TimedText

// The lexical pieces every TTML2 style value is built from (TTML2 §10.3): numbers, lengths,
// colours, and the split of a value into whitespace-separated components. Scanning works on the
// value's UTF-8 bytes; strings are only built for keywords and names.

/// Why a style value (or another attribute value) was refused: a message precise enough to fix
/// the document with.
public struct TTMLValueError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, quoting the value (at most 160 characters).
    public var message: String

    /// Messages quote the value they refuse; a huge value (a 64 KiB attribute) is cut, so that a
    /// diagnostic stays a line.
    public init(_ message: String) {
        self.message = message.count <= 160 ? message : String(message.prefix(160)) + "…"
    }

    public var description: String { message }
}

/// A TTML2 `<length>` unit (TTML2 §10.3.14). `rw`/`rh` (root width/height) are TTML2 additions.
public enum TTMLLengthUnit: String, Sendable, Hashable, CaseIterable {
    case pixels = "px"
    case em
    case cells = "c"
    case percent = "%"
    case rootWidth = "rw"
    case rootHeight = "rh"
}

/// A `<length>`: a signed exact number and its unit.
public struct TTMLLength: Sendable, Hashable, CustomStringConvertible {
    /// The number, exactly as written (`1.5` is 3/2).
    public var value: Fraction
    /// What the number counts.
    public var unit: TTMLLengthUnit

    /// `value` in `unit`.
    public init(_ value: Fraction, _ unit: TTMLLengthUnit) {
        self.value = value
        self.unit = unit
    }

    /// `value` pixels.
    public static func px(_ value: Int64) -> TTMLLength { TTMLLength(Fraction(value), .pixels) }

    /// Whether the number is below zero.
    public var isNegative: Bool { value < .zero }

    public var description: String { value.decimalText() + unit.rawValue }
}

/// XML whitespace (XML 1.0 `S`): what TTML calls `lwsp`.
@inline(__always)
func isXMLSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

@inline(__always)
func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

enum TTMLValueText {
    /// The checks TTML2 makes of every style value before its grammar: not empty, not only
    /// whitespace, and (because none of the grammars admits it) no whitespace at either end.
    static func checkedBytes(_ text: String) -> Result<[UInt8], TTMLValueError> {
        let bytes = Array(text.utf8)
        if bytes.isEmpty { return .failure(TTMLValueError("empty value")) }
        if bytes.allSatisfy(isXMLSpace) { return .failure(TTMLValueError("value is only whitespace")) }
        if isXMLSpace(bytes[0]) || isXMLSpace(bytes[bytes.count - 1]) {
            return .failure(TTMLValueError("whitespace before or after the value"))
        }
        return .success(bytes)
    }

    /// Splits a value into components at whitespace that is outside parentheses and quotes, so
    /// that `rgb( 0, 0, 0 )`, `radii(1px, 2px)` and `'a b'` stay whole.
    static func components(_ bytes: ArraySlice<UInt8>) -> Result<[ArraySlice<UInt8>], TTMLValueError> {
        var parts: [ArraySlice<UInt8>] = []
        var depth = 0
        var quote: UInt8?
        var start: Int?
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
                if start == nil { start = index }
            } else if byte == UInt8(ascii: "(") {
                depth += 1
                if start == nil { start = index }
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if depth < 0 { return .failure(TTMLValueError("unbalanced ')'")) }
            } else if isXMLSpace(byte) && depth == 0 {
                if let s = start { parts.append(bytes[s..<index]); start = nil }
            } else if start == nil {
                start = index
            }
            index += 1
        }
        if quote != nil { return .failure(TTMLValueError("unterminated quoted string")) }
        if depth != 0 { return .failure(TTMLValueError("unbalanced '('")) }
        if let s = start { parts.append(bytes[s..<bytes.endIndex]) }
        return .success(parts)
    }

    /// Splits at commas outside parentheses and quotes (`textShadow`, `fontFamily`), trimming
    /// whitespace around each item; an empty item is kept (as empty) for the caller to refuse.
    static func commaSeparated(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var items: [ArraySlice<UInt8>] = []
        var depth = 0
        var quote: UInt8?
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            } else if byte == UInt8(ascii: ","), depth == 0 {
                items.append(trimmed(bytes[start..<index]))
                start = index + 1
            }
            index += 1
        }
        items.append(trimmed(bytes[start..<bytes.endIndex]))
        return items
    }

    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var slice = bytes
        while let first = slice.first, isXMLSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isXMLSpace(last) { slice = slice.dropLast() }
        return slice
    }

    static func string(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

/// TTML2 §10.3 numbers.
enum TTMLNumber {
    /// `sign? non-negative-number` where a non-negative number is `digit+`, `digit+ "." digit*`
    /// (TTML2 2nd edition allows the trailing point) or `"." digit+`. Digits past what a `Fraction`
    /// holds exactly are dropped (the value is then truncated, never refused).
    /// `allowTrailingPoint` is for `<length>` and `<percentage>` only: TTML2 2nd edition admits
    /// `1.` there, but not in plain numbers (`tta:gain`, `tts:luminanceGain`…).
    static func parse(_ bytes: ArraySlice<UInt8>, allowSign: Bool, allowTrailingPoint: Bool = true) -> Fraction? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard allowSign else { return nil }
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var numerator: Int64 = 0
        var denominator: Int64 = 1
        var significant = 0
        var integerDigits = 0
        var fractionDigits = 0
        var sawPoint = false
        while index < bytes.endIndex {
            let byte = bytes[index]
            if isDigit(byte) {
                if sawPoint { fractionDigits += 1 } else { integerDigits += 1 }
                let digit = Int64(byte - UInt8(ascii: "0"))
                if numerator != 0 || digit != 0 { significant += 1 }
                if significant <= 17 {
                    if sawPoint {
                        if denominator <= 100_000_000_000_000_000 / 10 {
                            numerator = numerator * 10 + digit
                            denominator *= 10
                        }
                    } else {
                        numerator = numerator * 10 + digit
                    }
                } else if !sawPoint {
                    // An integer part too long to hold: saturate rather than overflow.
                    numerator = Int64.max / 100
                }
            } else if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else {
                return nil
            }
            index += 1
        }
        guard integerDigits + fractionDigits > 0 else { return nil }
        if sawPoint, fractionDigits == 0, !allowTrailingPoint { return nil }
        return Fraction(negative ? -numerator : numerator, denominator)
    }

    /// `digit+` with an optional sign, as an `Int` (saturating).
    static func integer(_ bytes: ArraySlice<UInt8>, allowSign: Bool) -> Int? {
        var index = bytes.startIndex
        var negative = false
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            guard allowSign else { return nil }
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        guard index < bytes.endIndex else { return nil }
        var value = 0
        while index < bytes.endIndex {
            guard isDigit(bytes[index]) else { return nil }
            value = value > Int.max / 20 ? Int.max / 10 : value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return negative ? -value : value
    }

    /// An XML Schema `xs:float` lexical value (`1`, `-.5`, `1e3`, `INF`, `-INF`, `NaN`), as an
    /// exact fraction clamped to `range` (what TTML does with out-of-range `<alpha>` values).
    /// NaN clamps to the lower bound.
    static func float(_ bytes: ArraySlice<UInt8>, clampedTo range: ClosedRange<Fraction>) -> Fraction? {
        let text = TTMLValueText.string(bytes)
        switch text {
        case "INF", "+INF": return range.upperBound
        case "-INF", "NaN": return range.lowerBound
        default: break
        }
        var mantissa = bytes
        var exponent = 0
        if let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            mantissa = bytes[bytes.startIndex..<e]
            guard let value = integer(bytes[(e + 1)...], allowSign: true) else { return nil }
            exponent = value
        }
        guard var value = parse(mantissa, allowSign: true) else { return nil }
        // The clamp bounds are small, so a large exponent only decides which bound wins.
        if exponent > 0 {
            for _ in 0..<min(exponent, 19) {
                if value > range.upperBound || value < range.lowerBound { break }
                value = Fraction(value.numerator * 10, value.denominator)
            }
        } else if exponent < 0 {
            for _ in 0..<min(-exponent, 18) {
                guard value.denominator < Int64.max / 10 else { value = .zero; break }
                value = Fraction(value.numerator, value.denominator * 10)
            }
        }
        return min(max(value, range.lowerBound), range.upperBound)
    }
}

/// How a `<length>` may be written where it is used.
struct TTMLLengthRule: Sendable {
    var allowNegative = false
    var allowPercent = true
    /// `rw`/`rh` are TTML2-only; the root `tts:extent` admits only `px`.
    var units: Set<TTMLLengthUnit> = Set(TTMLLengthUnit.allCases)

    static let nonNegative = TTMLLengthRule()
    static let signed = TTMLLengthRule(allowNegative: true)
}

extension TTMLLength {
    /// TTML2 §10.3.14 `<length>`: `scalar | percentage`, where a scalar is a number followed by
    /// `px`, `em`, `c`, `rw` or `rh` (no space between). A sign is always recognised, so that a
    /// negative value where none is allowed gets its own message.
    static func parse(_ bytes: ArraySlice<UInt8>, rule: TTMLLengthRule) -> Result<TTMLLength, TTMLValueError> {
        let text = TTMLValueText.string(bytes)
        var numberEnd = bytes.endIndex
        while numberEnd > bytes.startIndex, !isDigit(bytes[numberEnd - 1]), bytes[numberEnd - 1] != UInt8(ascii: ".") {
            numberEnd -= 1
        }
        let unitText = TTMLValueText.string(bytes[numberEnd...])
        guard numberEnd > bytes.startIndex else { return .failure(TTMLValueError("'\(text)' is not a length")) }
        guard !unitText.isEmpty else { return .failure(TTMLValueError("length '\(text)' has no unit")) }
        guard let unit = TTMLLengthUnit(rawValue: unitText) else {
            return .failure(TTMLValueError("'\(unitText)' is not a length unit in '\(text)'"))
        }
        guard let value = TTMLNumber.parse(bytes[bytes.startIndex..<numberEnd], allowSign: true) else {
            return .failure(TTMLValueError("'\(text)' is not a length"))
        }
        if value < .zero, !rule.allowNegative {
            return .failure(TTMLValueError("negative length '\(text)' not allowed here"))
        }
        if unit == .percent, !rule.allowPercent {
            return .failure(TTMLValueError("percentage '\(text)' not allowed here"))
        }
        guard rule.units.contains(unit) else {
            return .failure(TTMLValueError("unit '\(unit.rawValue)' not allowed here ('\(text)')"))
        }
        return .success(TTMLLength(value, unit))
    }
}

// Exact arithmetic for resolving lengths. `Fraction` keeps itself reduced; these overflow-check
// through Int128 and saturate rather than trap, since values come from untrusted documents.
extension Fraction {
    static func exact(_ numerator: Int128, _ denominator: Int128) -> Fraction {
        var n = numerator
        var d = denominator
        if d < 0 { n = -n; d = -d }
        var a = n.magnitude, b = d.magnitude
        while b != 0 { (a, b) = (b, a % b) }
        if a > 1 { n /= Int128(a); d /= Int128(a) }
        // Too large to hold: keep the value approximately by scaling both down.
        while n > Int128(Int64.max) || n < Int128(Int64.min + 1) || d > Int128(Int64.max) {
            n /= 2
            d /= 2
            if d == 0 { return n >= 0 ? Fraction(Int64.max) : Fraction(Int64.min + 1) }
        }
        return Fraction(Int64(n), Int64(d))
    }

    func plus(_ other: Fraction) -> Fraction {
        .exact(Int128(numerator) * Int128(other.denominator) + Int128(other.numerator) * Int128(denominator),
               Int128(denominator) * Int128(other.denominator))
    }

    func minus(_ other: Fraction) -> Fraction { plus(Fraction(-other.numerator, other.denominator)) }

    func times(_ other: Fraction) -> Fraction {
        .exact(Int128(numerator) * Int128(other.numerator), Int128(denominator) * Int128(other.denominator))
    }

    /// Nil when dividing by zero.
    func dividedBy(_ other: Fraction) -> Fraction? {
        guard other.numerator != 0 else { return nil }
        return .exact(Int128(numerator) * Int128(other.denominator), Int128(denominator) * Int128(other.numerator))
    }
}
