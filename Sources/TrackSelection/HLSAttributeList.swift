import TimedText

/// One `NAME=value` of an HLS attribute list.
package struct HLSAttribute: Sendable, Hashable {
    /// An attribute value, keeping whether it was quoted (RFC 8216 §4.2 types differ by it).
    package enum Value: Sendable, Hashable {
        /// A quoted-string, without its quotes.
        case quoted(String)
        /// Anything unquoted: an enumerated-string, a decimal-integer, a float, a resolution.
        case unquoted(String)

        /// The value's text, without quotes either way.
        package var text: String {
            switch self {
            case .quoted(let s), .unquoted(let s): s
            }
        }
    }

    /// The attribute name as written (`LANGUAGE`, `GROUP-ID`).
    package var name: String
    /// The attribute's value.
    package var value: Value
    /// Where the attribute's name starts.
    package var location: SourceLocation
}

extension DiagnosticCode {
    /// An attribute list that does not follow RFC 8216 §4.2's grammar (a missing `=`, text after a
    /// closing quote, an empty name).
    static let hlsBadAttributeList: Self = "hls.bad-attribute-list"
    /// An attribute name with characters outside `[A-Z0-9-]`.
    static let hlsBadAttributeName: Self = "hls.bad-attribute-name"
    /// A quoted-string with no closing quote on its line.
    static let hlsUnterminatedQuotedString: Self = "hls.unterminated-quoted-string"
    /// The same attribute twice in one list (RFC 8216 §4.2: MUST NOT); the first is kept.
    static let hlsDuplicateAttribute: Self = "hls.duplicate-attribute"
    /// Whitespace around an attribute (not allowed by the grammar; skipped).
    static let hlsWhitespace: Self = "hls.whitespace-in-attribute-list"
}

/// RFC 8216 §4.2 attribute lists: `AttributeName=AttributeValue` pairs separated by commas, where a
/// quoted-string may itself hold commas and `=`. Scans bytes; never fails: what it cannot read is
/// skipped up to the next comma and reported.
enum HLSAttributeListParser {
    /// Parses the attribute list `bytes` found on line `line`, whose first byte is at index
    /// `lineStart` of the same buffer (so that columns are the line's).
    static func parse(_ bytes: ArraySlice<UInt8>, lineStart: Int, line: Int, log: inout DiagnosticLog) -> [HLSAttribute] {
        var result: [HLSAttribute] = []
        var seen: Set<String> = []
        var i = bytes.startIndex
        let end = bytes.endIndex
        func location(_ offset: Int) -> SourceLocation { SourceLocation(line: line, column: offset - lineStart + 1) }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        func skipToComma() { while i < end, bytes[i] != UInt8(ascii: ",") { i += 1 } }

        while i < end {
            if isSpace(bytes[i]) {
                log.report(.info, .hlsWhitespace, "whitespace in an attribute list is not allowed (RFC 8216 §4.2); skipped", at: location(i))
                while i < end, isSpace(bytes[i]) { i += 1 }
                if i == end { break }
            }
            let nameStart = i
            while i < end, bytes[i] != UInt8(ascii: "="), bytes[i] != UInt8(ascii: ",") { i += 1 }
            var nameBytes = bytes[nameStart..<i]
            while let last = nameBytes.last, isSpace(last) { nameBytes = nameBytes.dropLast() }
            let name = String(decoding: nameBytes, as: UTF8.self)
            guard i < end, bytes[i] == UInt8(ascii: "=") else {
                if !name.isEmpty || i < end {
                    log.report(.warning, .hlsBadAttributeList,
                               "attribute '\(name)' has no value (expected NAME=VALUE); skipped", at: location(nameStart))
                }
                i += 1
                continue
            }
            i += 1 // '='
            if name.isEmpty {
                log.report(.warning, .hlsBadAttributeList, "a value without an attribute name; skipped", at: location(nameStart))
                if i < end, bytes[i] == UInt8(ascii: "\"") {
                    i += 1
                    while i < end, bytes[i] != UInt8(ascii: "\"") { i += 1 }
                }
                skipToComma()
                i += 1
                continue
            }
            let nameIsValid = nameBytes.allSatisfy {
                ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                    || $0 == UInt8(ascii: "-")
            }
            var value: HLSAttribute.Value
            if i < end, bytes[i] == UInt8(ascii: "\"") {
                let quoteStart = i
                i += 1
                let valueStart = i
                while i < end, bytes[i] != UInt8(ascii: "\"") { i += 1 }
                value = .quoted(String(decoding: bytes[valueStart..<i], as: UTF8.self))
                if i == end {
                    log.report(.warning, .hlsUnterminatedQuotedString,
                               "the quoted value of \(name) has no closing quote; read to the end of the line", at: location(quoteStart))
                } else {
                    i += 1 // closing quote
                    let trailing = i
                    skipToComma()
                    if trailing < i {
                        log.report(.warning, .hlsBadAttributeList,
                                   "text after the closing quote of \(name); ignored", at: location(trailing))
                    }
                }
            } else {
                let valueStart = i
                skipToComma()
                var valueBytes = bytes[valueStart..<i]
                while let last = valueBytes.last, isSpace(last) { valueBytes = valueBytes.dropLast() }
                value = .unquoted(String(decoding: valueBytes, as: UTF8.self))
            }
            if !nameIsValid {
                log.report(.warning, .hlsBadAttributeName,
                           "attribute name '\(name)' has characters outside A-Z, 0-9 and '-' (RFC 8216 §4.2); skipped",
                           at: location(nameStart))
            } else if seen.contains(name) {
                log.report(.warning, .hlsDuplicateAttribute,
                           "\(name) appears twice in one attribute list (RFC 8216 §4.2); the first is kept", at: location(nameStart))
            } else {
                seen.insert(name)
                result.append(HLSAttribute(name: name, value: value, location: location(nameStart)))
            }
            i += 1 // ','
        }
        return result
    }
}
