import TimedText

// The small languages inside some TTML attribute values: `condition` expressions (TTML2 §7.2.1,
// Appendix N), `keyTimes`/`keySplines` (§11.2.1), identifiers, language tags and Unicode ranges.

/// Checks a `condition` expression's syntax: literals (booleans, numbers, quoted strings), the
/// functions `media(q)`, `parameter(name)` and `supports(designator)`, unary `!`/`-`/`+`, the
/// binary arithmetic, comparison and logical operators, and parentheses.
enum TTMLConditionParser {
    /// TTML2 §7.2.1 parameter names usable with `parameter()`.
    static let parameterNames: Set<String> = ["forced", "mediaAspectRatio", "mediaLanguage", "userLanguage"]

    static func check(_ text: String) -> TTMLValueError? {
        var parser = Parser(bytes: Array(text.utf8))
        do {
            parser.skipSpaces()
            try parser.expression(depth: 0)
            parser.skipSpaces()
            if parser.index < parser.bytes.count {
                throw TTMLValueError("unexpected '\(String(decoding: parser.bytes[parser.index...], as: UTF8.self))'")
            }
            return nil
        } catch let error as TTMLValueError {
            return error
        } catch {
            return TTMLValueError("\(error)")
        }
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        mutating func skipSpaces() {
            while index < bytes.count, isXMLSpace(bytes[index]) { index += 1 }
        }

        func peek(_ offset: Int = 0) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

        mutating func expression(depth: Int) throws {
            guard depth < 64 else { throw TTMLValueError("expression nested too deeply") }
            try unary(depth: depth)
            while true {
                skipSpaces()
                guard try binaryOperator() else { return }
                skipSpaces()
                try unary(depth: depth)
            }
        }

        mutating func binaryOperator() throws -> Bool {
            guard let c = peek() else { return false }
            let two = peek(1)
            switch c {
            case UInt8(ascii: "*"), UInt8(ascii: "/"), UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "-"):
                index += 1
            case UInt8(ascii: "<"), UInt8(ascii: ">"):
                index += two == UInt8(ascii: "=") ? 2 : 1
            case UInt8(ascii: "="), UInt8(ascii: "!"):
                guard two == UInt8(ascii: "=") else { return false }
                index += 2
            case UInt8(ascii: "&"), UInt8(ascii: "|"):
                guard two == c else { throw TTMLValueError("expected '\(Character(Unicode.Scalar(c)))\(Character(Unicode.Scalar(c)))'") }
                index += 2
            default:
                return false
            }
            return true
        }

        mutating func unary(depth: Int) throws {
            skipSpaces()
            if let c = peek(), c == UInt8(ascii: "!") || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                index += 1
                try unary(depth: depth + 1)
                return
            }
            try primary(depth: depth)
        }

        mutating func primary(depth: Int) throws {
            guard let c = peek() else { throw TTMLValueError("expression ends early") }
            if c == UInt8(ascii: "(") {
                index += 1
                skipSpaces()
                try expression(depth: depth + 1)
                skipSpaces()
                guard peek() == UInt8(ascii: ")") else { throw TTMLValueError("missing ')'") }
                index += 1
                return
            }
            if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") {
                _ = try string()
                return
            }
            if isDigit(c) || c == UInt8(ascii: ".") {
                try number()
                return
            }
            guard isNameStart(c) else { throw TTMLValueError("unexpected '\(Character(Unicode.Scalar(c)))'") }
            let start = index
            while let b = peek(), isNameStart(b) || isDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: "_") { index += 1 }
            let name = String(decoding: bytes[start..<index], as: UTF8.self)
            skipSpaces()
            if peek() == UInt8(ascii: "(") {
                index += 1
                skipSpaces()
                guard peek() == UInt8(ascii: "'") || peek() == UInt8(ascii: "\"") else {
                    throw TTMLValueError("\(name)() takes a quoted string argument")
                }
                let argument = try string()
                skipSpaces()
                guard peek() == UInt8(ascii: ")") else { throw TTMLValueError("\(name)( lacks its ')'") }
                index += 1
                switch name {
                case "media":
                    if argument.isEmpty { throw TTMLValueError("media() needs a media query") }
                case "parameter":
                    if !TTMLConditionParser.parameterNames.contains(argument) {
                        throw TTMLValueError("'\(argument)' is not a condition parameter (\(TTMLConditionParser.parameterNames.sorted().joined(separator: ", ")))")
                    }
                case "supports":
                    if argument.isEmpty { throw TTMLValueError("supports() needs a feature or extension designator") }
                default:
                    throw TTMLValueError("'\(name)' is not a condition function (media, parameter, supports)")
                }
                return
            }
            guard name == "true" || name == "false" else { throw TTMLValueError("'\(name)' is not a literal or function") }
        }

        mutating func string() throws -> String {
            let quote = bytes[index]
            index += 1
            let start = index
            while let b = peek(), b != quote { index += 1 }
            guard peek() == quote else { throw TTMLValueError("unterminated string") }
            let value = String(decoding: bytes[start..<index], as: UTF8.self)
            index += 1
            return value
        }

        /// A decimal: `0` or a non-zero-led integer, optional `.digits*`, optional exponent; or `.digits+`.
        mutating func number() throws {
            if peek() == UInt8(ascii: ".") {
                index += 1
                guard let d = peek(), isDigit(d) else { throw TTMLValueError("bad number") }
                while let d = peek(), isDigit(d) { index += 1 }
            } else {
                let leadingZero = peek() == UInt8(ascii: "0")
                index += 1
                if leadingZero, let d = peek(), isDigit(d) { throw TTMLValueError("a number cannot have leading zeros") }
                while let d = peek(), isDigit(d) { index += 1 }
                if peek() == UInt8(ascii: ".") {
                    index += 1
                    while let d = peek(), isDigit(d) { index += 1 }
                }
            }
            if let e = peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
                index += 1
                if let s = peek(), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { index += 1 }
                guard let d = peek(), isDigit(d) else { throw TTMLValueError("bad exponent") }
                while let d = peek(), isDigit(d) { index += 1 }
            }
            if let b = peek(), isNameStart(b) { throw TTMLValueError("bad number") }
        }

        func isNameStart(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")) || b == UInt8(ascii: "_")
        }
    }
}

/// `keyTimes` and `keySplines` (TTML2 §11.2.1.1): numbers in 0...1, `;`-separated.
enum TTMLAnimationValues {
    static func check(_ attribute: String, _ value: String) -> String? {
        let items = value.split(separator: ";", omittingEmptySubsequences: false)
        for item in items {
            let trimmed = TTMLValueText.trimmed(Array(item.utf8)[...])
            let numbers: [ArraySlice<UInt8>]
            if attribute == "keySplines" {
                numbers = trimmed.split(whereSeparator: { isXMLSpace($0) || $0 == UInt8(ascii: ",") })
                guard numbers.count == 4 else { return "each key spline has four numbers" }
            } else {
                numbers = [trimmed]
            }
            for number in numbers {
                guard let n = TTMLNumber.parse(number, allowSign: false), n <= .one else { return "values are numbers in 0...1" }
            }
        }
        return nil
    }
}

enum TTMLNames {
    /// XML Namespaces `NCName`, approximated for non-ASCII by accepting any letter.
    static func isNCName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        func isStart(_ s: Unicode.Scalar) -> Bool { s == "_" || s.properties.isAlphabetic }
        guard isStart(first) else { return false }
        return text.unicodeScalars.allSatisfy { isStart($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "." || $0 == "\u{B7}"
            || $0.properties.generalCategory == .nonspacingMark || $0.properties.generalCategory == .spacingMark }
    }

    /// BCP 47's shape: alphanumeric subtags of 1–8 characters separated by hyphens.
    static func isLanguageTag(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// CSS `unicode-range` lists as `tt:font@range` uses them: `U+` then 1–6 hex digits, a
    /// `-` range or `?` wildcards, comma-separated.
    static func isUnicodeRange(_ text: String) -> Bool {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        for raw in items {
            let item = raw.trimmingCharacters(in: " \t\n\r")
            guard item.hasPrefix("U+") || item.hasPrefix("u+") else { return false }
            let body = item.dropFirst(2)
            let ends = body.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count) else { return false }
            for end in ends {
                guard (1...6).contains(end.count), end.allSatisfy({ $0.isHexDigit || (ends.count == 1 && $0 == "?") }) else { return false }
            }
        }
        return true
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> Substring {
        var slice = Substring(self)
        while let f = slice.first, set.contains(f) { slice = slice.dropFirst() }
        while let l = slice.last, set.contains(l) { slice = slice.dropLast() }
        return slice
    }
}
