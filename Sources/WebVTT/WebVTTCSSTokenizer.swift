import TimedText

/// One token of CSS Syntax Level 3 §4 ("Tokenization"), with where it starts in the style block.
struct WebVTTCSSToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case ident, function, atKeyword, string, badString, url, badURL, delim
        /// `isID`: the name would also start an identifier (the only kind an ID selector takes).
        case hash(isID: Bool)
        case number, percentage, dimension
        case whitespace, cdo, cdc, colon, semicolon, comma
        case openSquare, closeSquare, openParen, closeParen, openCurly, closeCurly
    }

    var kind: Kind
    /// Byte offset in the style block text.
    var offset: Int
    /// The name of an ident, function, at-keyword or hash; a string's or URL's value; a
    /// dimension's unit; the character of a delim.
    var text: String = ""
    /// The value of a number, percentage or dimension when it is exact in a `Fraction` (CSS allows
    /// exponents and more digits than the model keeps; those read as nil and are reported as bad values).
    var number: Fraction? = nil
    /// True for a number written without `.` or exponent (CSS `<integer>`).
    var isInteger = false

    func isDelim(_ c: Character) -> Bool { kind == .delim && text == String(c) }
    /// An ident with this name, ASCII case-insensitively (`name` is lower case).
    func isIdent(_ name: String) -> Bool { kind == .ident && text.lowercasedASCII == name }
}

/// CSS Syntax Level 3 §4.3, "consume a token", over the UTF-8 bytes of a STYLE block: comments
/// skipped, escapes decoded, numbers kept exact. Linear in the input; never recursive.
struct WebVTTCSSTokenizer {
    private let bytes: [UInt8]
    private var position = 0
    /// Where a comment, string or URL ran to the end of the block (CSS closes them there).
    private(set) var unterminatedOffsets: [Int] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func tokenize(_ bytes: [UInt8]) -> (tokens: [WebVTTCSSToken], unterminatedOffsets: [Int]) {
        var tokenizer = WebVTTCSSTokenizer(bytes)
        var tokens: [WebVTTCSSToken] = []
        while let token = tokenizer.next() { tokens.append(token) }
        return (tokens, tokenizer.unterminatedOffsets)
    }

    mutating func next() -> WebVTTCSSToken? {
        skipComments()
        guard position < bytes.count else { return nil }
        let start = position
        let c = bytes[position]
        func single(_ kind: WebVTTCSSToken.Kind) -> WebVTTCSSToken {
            position += 1
            return WebVTTCSSToken(kind: kind, offset: start)
        }
        switch c {
        case _ where isWhitespace(c):
            while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
            return WebVTTCSSToken(kind: .whitespace, offset: start)
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return consumeString(endingWith: c)
        case UInt8(ascii: "#"):
            if position + 1 < bytes.count, isNameCodePoint(bytes[position + 1]) || startsValidEscape(at: position + 1) {
                position += 1
                let isID = wouldStartIdentifier(at: position)
                return WebVTTCSSToken(kind: .hash(isID: isID), offset: start, text: consumeName())
            }
            return delim(at: start)
        case UInt8(ascii: "("): return single(.openParen)
        case UInt8(ascii: ")"): return single(.closeParen)
        case UInt8(ascii: "["): return single(.openSquare)
        case UInt8(ascii: "]"): return single(.closeSquare)
        case UInt8(ascii: "{"): return single(.openCurly)
        case UInt8(ascii: "}"): return single(.closeCurly)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: ":"): return single(.colon)
        case UInt8(ascii: ";"): return single(.semicolon)
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            if startsNumber(at: position) { return consumeNumeric() }
            return delim(at: start)
        case UInt8(ascii: "-"):
            if startsNumber(at: position) { return consumeNumeric() }
            if matches("-->", at: position) {
                position += 3
                return WebVTTCSSToken(kind: .cdc, offset: start)
            }
            if wouldStartIdentifier(at: position) { return consumeIdentLike() }
            return delim(at: start)
        case UInt8(ascii: "<"):
            if matches("<!--", at: position) {
                position += 4
                return WebVTTCSSToken(kind: .cdo, offset: start)
            }
            return delim(at: start)
        case UInt8(ascii: "@"):
            if wouldStartIdentifier(at: position + 1) {
                position += 1
                return WebVTTCSSToken(kind: .atKeyword, offset: start, text: consumeName())
            }
            return delim(at: start)
        case UInt8(ascii: "\\"):
            if startsValidEscape(at: position) { return consumeIdentLike() }
            return delim(at: start)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return consumeNumeric()
        default:
            if isNameStartCodePoint(c) { return consumeIdentLike() }
            return delim(at: start)
        }
    }

    // MARK: - Code point classes (§4.2), on bytes: every byte of a non-ASCII character is a name byte.

    private func isWhitespace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C }
    private func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    private func isHexDigit(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "f"))
    }
    private func isNameStartCodePoint(_ c: UInt8) -> Bool {
        (c | 0x20 >= UInt8(ascii: "a") && c | 0x20 <= UInt8(ascii: "z")) || c == UInt8(ascii: "_") || c >= 0x80 || c == 0
    }
    private func isNameCodePoint(_ c: UInt8) -> Bool { isNameStartCodePoint(c) || isDigit(c) || c == UInt8(ascii: "-") }

    private func byte(at index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }

    private func matches(_ literal: StaticString, at index: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for k in 0..<count where bytes[index + k] != literal.utf8Start[k] { return false }
        return true
    }

    /// §4.3.8: a backslash not followed by a newline.
    private func startsValidEscape(at index: Int) -> Bool {
        guard byte(at: index) == UInt8(ascii: "\\") else { return false }
        guard let next = byte(at: index + 1) else { return true }  // EOF escape: U+FFFD
        return next != 0x0A && next != 0x0D && next != 0x0C
    }

    /// §4.3.9.
    private func wouldStartIdentifier(at index: Int) -> Bool {
        guard let c = byte(at: index) else { return false }
        if c == UInt8(ascii: "-") {
            guard let next = byte(at: index + 1) else { return false }
            return isNameStartCodePoint(next) || next == UInt8(ascii: "-") || startsValidEscape(at: index + 1)
        }
        if isNameStartCodePoint(c) { return true }
        return startsValidEscape(at: index)
    }

    /// §4.3.10.
    private func startsNumber(at index: Int) -> Bool {
        guard let c = byte(at: index) else { return false }
        if c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            guard let next = byte(at: index + 1) else { return false }
            if isDigit(next) { return true }
            return next == UInt8(ascii: ".") && byte(at: index + 2).map(isDigit) == true
        }
        if c == UInt8(ascii: ".") { return byte(at: index + 1).map(isDigit) == true }
        return isDigit(c)
    }

    // MARK: - Consumers

    private mutating func delim(at start: Int) -> WebVTTCSSToken {
        // A delim is one code point: take all bytes of a UTF-8 sequence.
        var end = start + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        position = end
        return WebVTTCSSToken(kind: .delim, offset: start, text: String(decoding: bytes[start..<end], as: UTF8.self))
    }

    /// §4.3.2, comments: skipped; one left open runs to the end.
    private mutating func skipComments() {
        while matches("/*", at: position) {
            let start = position
            position += 2
            while position < bytes.count, !matches("*/", at: position) { position += 1 }
            if position >= bytes.count {
                unterminatedOffsets.append(start)
                position = bytes.count
            } else {
                position += 2
            }
        }
    }

    /// §4.3.7: the code point an escape stands for, appended as UTF-8; the backslash is at `position`.
    private mutating func consumeEscape(into out: inout [UInt8]) {
        position += 1
        guard position < bytes.count else {
            out.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return
        }
        if isHexDigit(bytes[position]) {
            var value: UInt32 = 0
            var digits = 0
            while position < bytes.count, digits < 6, isHexDigit(bytes[position]) {
                let d = bytes[position]
                value = value * 16 + UInt32(isDigit(d) ? d - UInt8(ascii: "0") : (d | 0x20) - UInt8(ascii: "a") + 10)
                position += 1
                digits += 1
            }
            if position < bytes.count, isWhitespace(bytes[position]) {
                // A CR LF pair counts as one whitespace here.
                if bytes[position] == 0x0D, byte(at: position + 1) == 0x0A { position += 1 }
                position += 1
            }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            out.append(contentsOf: Array(String(Character(scalar ?? "\u{FFFD}")).utf8))
            return
        }
        // Any other character stands for itself, all bytes of it.
        let start = position
        position += 1
        while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        out.append(contentsOf: bytes[start..<position])
    }

    /// §4.3.11, consume an ident sequence.
    private mutating func consumeName() -> String {
        var out: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            if c == 0 {
                out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                position += 1
            } else if isNameCodePoint(c) {
                out.append(c)
                position += 1
            } else if startsValidEscape(at: position) {
                consumeEscape(into: &out)
            } else {
                break
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// §4.3.3, consume a numeric token.
    private mutating func consumeNumeric() -> WebVTTCSSToken {
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        if byte(at: position) == UInt8(ascii: "."), byte(at: position + 1).map(isDigit) == true {
            isInteger = false
            position += 1
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        let mantissaEnd = position
        var exponent = 0
        if let e = byte(at: position), e | 0x20 == UInt8(ascii: "e") {
            var k = position + 1
            var negative = false
            if let sign = byte(at: k), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                negative = sign == UInt8(ascii: "-")
                k += 1
            }
            if byte(at: k).map(isDigit) == true {
                isInteger = false
                while k < bytes.count, isDigit(bytes[k]) {
                    exponent = min(exponent * 10 + Int(bytes[k] - UInt8(ascii: "0")), 10_000)
                    k += 1
                }
                if negative { exponent = -exponent }
                position = k
            }
        }
        let value = Self.exactValue(mantissa: bytes[start..<mantissaEnd], exponent: exponent)
        if wouldStartIdentifier(at: position) {
            return WebVTTCSSToken(kind: .dimension, offset: start, text: consumeName(), number: value, isInteger: isInteger)
        }
        if byte(at: position) == UInt8(ascii: "%") {
            position += 1
            return WebVTTCSSToken(kind: .percentage, offset: start, number: value, isInteger: isInteger)
        }
        return WebVTTCSSToken(kind: .number, offset: start, number: value, isInteger: isInteger)
    }

    /// The number exactly, or nil when it does not fit a `Fraction` of 64-bit parts.
    static func exactValue(mantissa: ArraySlice<UInt8>, exponent: Int) -> Fraction? {
        var text = mantissa
        if text.first == UInt8(ascii: "+") { text = text.dropFirst() }
        guard var value = Fraction(decimal: text), abs(exponent) <= 18 else { return nil }
        var power: Int64 = 1
        for _ in 0..<abs(exponent) { power *= 10 }
        if exponent > 0 {
            let (n, overflow) = value.numerator.multipliedReportingOverflow(by: power)
            if overflow { return nil }
            value = Fraction(n, value.denominator)
        } else if exponent < 0 {
            let (d, overflow) = value.denominator.multipliedReportingOverflow(by: power)
            if overflow { return nil }
            value = Fraction(value.numerator, d)
        }
        return value
    }

    /// §4.3.4, consume an ident-like token: an ident, a function, or `url(` with an unquoted URL.
    private mutating func consumeIdentLike() -> WebVTTCSSToken {
        let start = position
        let name = consumeName()
        guard byte(at: position) == UInt8(ascii: "(") else {
            return WebVTTCSSToken(kind: .ident, offset: start, text: name)
        }
        position += 1
        if name.lowercasedASCII == "url" {
            var k = position
            while k < bytes.count, isWhitespace(bytes[k]) { k += 1 }
            if let q = byte(at: k), q == UInt8(ascii: "\"") || q == UInt8(ascii: "'") {
                return WebVTTCSSToken(kind: .function, offset: start, text: name)
            }
            return consumeURL(start: start)
        }
        return WebVTTCSSToken(kind: .function, offset: start, text: name)
    }

    /// §4.3.6, consume a url token (after `url(`).
    private mutating func consumeURL(start: Int) -> WebVTTCSSToken {
        var out: [UInt8] = []
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
        while position < bytes.count {
            let c = bytes[position]
            if c == UInt8(ascii: ")") {
                position += 1
                return WebVTTCSSToken(kind: .url, offset: start, text: String(decoding: out, as: UTF8.self))
            }
            if isWhitespace(c) {
                while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
                if byte(at: position) == UInt8(ascii: ")") { continue }
                if position >= bytes.count { break }
                return consumeBadURLRemnants(start: start)
            }
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "(") || c < 0x09 || c == 0x0B
                || (c > 0x0D && c < 0x20) || c == 0x7F {
                return consumeBadURLRemnants(start: start)
            }
            if c == UInt8(ascii: "\\") {
                if startsValidEscape(at: position) {
                    consumeEscape(into: &out)
                    continue
                }
                return consumeBadURLRemnants(start: start)
            }
            out.append(c)
            position += 1
        }
        unterminatedOffsets.append(start)
        return WebVTTCSSToken(kind: .url, offset: start, text: String(decoding: out, as: UTF8.self))
    }

    /// §4.3.14.
    private mutating func consumeBadURLRemnants(start: Int) -> WebVTTCSSToken {
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                break
            }
            if startsValidEscape(at: position) {
                var ignored: [UInt8] = []
                consumeEscape(into: &ignored)
            } else {
                position += 1
            }
        }
        return WebVTTCSSToken(kind: .badURL, offset: start)
    }

    /// §4.3.5, consume a string token. A newline inside makes a bad string (left before the newline).
    private mutating func consumeString(endingWith quote: UInt8) -> WebVTTCSSToken {
        let start = position
        position += 1
        var out: [UInt8] = []
        while position < bytes.count {
            let c = bytes[position]
            if c == quote {
                position += 1
                return WebVTTCSSToken(kind: .string, offset: start, text: String(decoding: out, as: UTF8.self))
            }
            if c == 0x0A || c == 0x0D || c == 0x0C {
                return WebVTTCSSToken(kind: .badString, offset: start)
            }
            if c == UInt8(ascii: "\\") {
                guard let next = byte(at: position + 1) else {
                    position += 1
                    continue
                }
                if next == 0x0A || next == 0x0C {
                    position += 2
                } else if next == 0x0D {
                    position += byte(at: position + 2) == 0x0A ? 3 : 2
                } else {
                    consumeEscape(into: &out)
                }
                continue
            }
            out.append(c == 0 ? 0xEF : c)
            if c == 0 { out.append(contentsOf: [0xBF, 0xBD]) }
            position += 1
        }
        unterminatedOffsets.append(start)
        return WebVTTCSSToken(kind: .string, offset: start, text: String(decoding: out, as: UTF8.self))
    }
}

extension String {
    /// ASCII letters lowered, everything else unchanged (CSS keywords are ASCII case-insensitive).
    var lowercasedASCII: String {
        guard utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return self }
        return String(decoding: utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
