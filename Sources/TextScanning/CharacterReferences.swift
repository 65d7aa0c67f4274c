#if canImport(Glibc)
import Glibc
#endif

/// HTML character references (`&amp;`, `&#233;`, `&#xE9;`) as the HTML standard names them, for the
/// readers of formats whose text is HTML-like (SRT, WebVTT).
package enum CharacterReferences {
    /// The code points of a named reference; `name` includes its `;` when it has one.
    package static func lookup(_ name: Substring) -> [Unicode.Scalar]? {
        entityTable[name]
    }

    /// Reads one reference starting at `bytes[start]`, which must be `&`. Accepts `&name;` (any
    /// name of the HTML table), `&#digits;` and `&#xhex;`, each terminated by `;`.
    /// Returns the decoded text and the index after the reference, or nil when there is none.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        let i = start + 1
        let n = bytes.count
        guard i < n else { return nil }
        if bytes[i] == UInt8(ascii: "#") {
            guard let (value, end) = numeric(bytes, at: start, upperCaseX: true, limit: n) else { return nil }
            return (String(numericScalar(value)), end)
        }
        // Named: letters and digits up to `;`; the longest name is 32 characters.
        var end = i
        while end < n, end - i <= 32, isAlphanumeric(bytes[end]) { end += 1 }
        guard end > i, end < n, bytes[end] == UInt8(ascii: ";") else { return nil }
        // The references captions actually use, without building the 2,231-name table.
        if let common = commonReference(UnsafeBufferPointer(rebasing: bytes[i..<end])) { return (common, end + 1) }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[i...end]), as: UTF8.self)
        guard let scalars = entityTable[Substring(name)] else { return nil }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return (text, end + 1)
    }

    private static func commonReference(_ name: UnsafeBufferPointer<UInt8>) -> String? {
        func equals(_ literal: StaticString) -> Bool {
            name.count == literal.utf8CodeUnitCount
                && memcmp(name.baseAddress!, literal.utf8Start, name.count) == 0
        }
        if equals("amp") { return "&" }
        if equals("lt") { return "<" }
        if equals("gt") { return ">" }
        if equals("quot") { return "\"" }
        if equals("apos") { return "'" }
        if equals("nbsp") { return "\u{00A0}" }
        return nil
    }

    /// HTML §13.2.5.80: numeric references to NUL, surrogates or beyond U+10FFFF give U+FFFD, and
    /// the C1 range maps through windows-1252.
    package static func numericScalar(_ value: UInt32) -> Unicode.Scalar {
        if value == 0 || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return "\u{FFFD}" }
        if (0x80...0x9F).contains(value), let mapped = windows1252C1[value] { return mapped }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }

    private static let windows1252C1: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    @inline(__always)
    /// The value of the numeric reference `&#digits;` or `&#xhex;` at `bytes[start]` (an `&`,
    /// then `#`), and the offset after its `;`; nil when it is not one. Values beyond Unicode read
    /// as 0x110000 (the caller decides what they become). `upperCaseX` accepts `&#X…;` (HTML does,
    /// XML does not); digits are looked for up to `limit`; `optionalSemicolon` reads a reference
    /// without its `;` (HTML's tokenizer, which WebVTT cue text follows). The one numeric-reference
    /// reader of HTML-like text and XML.
    package static func numeric(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, upperCaseX: Bool, limit: Int,
                                optionalSemicolon: Bool = false) -> (value: UInt32, end: Int)? {
        let n = bytes.count
        var i = start + 2
        guard start + 1 < n, bytes[start + 1] == UInt8(ascii: "#") else { return nil }
        let hex = i < n && (bytes[i] == UInt8(ascii: "x") || (upperCaseX && bytes[i] == UInt8(ascii: "X")))
        if hex { i += 1 }
        var value: UInt32 = 0
        var digits = 0
        while i < min(limit, n), let d = digitValue(bytes[i], hex: hex) {
            value = min(value &* (hex ? 16 : 10) &+ d, 0x110000)
            digits += 1
            i += 1
        }
        guard digits > 0 else { return nil }
        // WebVTT's limit is the end of the cue text, XML's only a bound on the digits.
        if i < (optionalSemicolon ? min(limit, n) : n), bytes[i] == UInt8(ascii: ";") { return (value, i + 1) }
        return optionalSemicolon ? (value, i) : nil
    }

    package static func digitValue(_ b: UInt8, hex: Bool) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    @inline(__always)
    package static func isAlphanumeric(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
    }
}

/// Built on first use from the generated table (HTMLEntityTable.swift).
private let entityTable: [Substring: [Unicode.Scalar]] = {
    var table: [Substring: [Unicode.Scalar]] = [:]
    table.reserveCapacity(2300)
    for line in htmlEntityTable.split(separator: "\n") {
        guard let tab = line.firstIndex(of: "\t") else { continue }
        let scalars = line[line.index(after: tab)...].split(separator: " ").compactMap {
            UInt32($0, radix: 16).flatMap(Unicode.Scalar.init)
        }
        table[line[..<tab]] = scalars
    }
    return table
}()
