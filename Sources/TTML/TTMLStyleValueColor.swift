import TimedText

extension Color {
    /// TTML2 §10.3.5 `<color>`: `#rrggbb`, `#rrggbbaa`, `rgb(r,g,b)`, `rgba(r,g,b,a)` with each
    /// component an unsigned integer in 0...255 (alpha too, unlike CSS) and whitespace allowed
    /// around components, or one of TTML's named colours (case-sensitive, a smaller set than CSS).
    static func parseTTML(_ bytes: ArraySlice<UInt8>) -> Result<Color, TTMLValueError> {
        let text = TTMLValueText.string(bytes)
        guard let first = bytes.first else { return .failure(TTMLValueError("empty colour")) }
        if first == UInt8(ascii: "#") {
            let digits = bytes.dropFirst()
            guard digits.count == 6 || digits.count == 8 else {
                return .failure(TTMLValueError("'\(text)' needs 6 or 8 hexadecimal digits after '#'"))
            }
            var values: [UInt8] = []
            var index = digits.startIndex
            while index < digits.endIndex {
                guard let high = hexValue(digits[index]), let low = hexValue(digits[index + 1]) else {
                    return .failure(TTMLValueError("'\(text)' has a character that is not a hexadecimal digit"))
                }
                values.append(high << 4 | low)
                index += 2
            }
            return .success(Color(red: values[0], green: values[1], blue: values[2],
                                  alpha: values.count == 4 ? values[3] : 255))
        }
        if text.hasPrefix("rgb") {
            return parseFunction(bytes, text: text)
        }
        if let named = ttmlNamedColors[text] { return .success(named) }
        return .failure(TTMLValueError("'\(text)' is not a TTML colour"))
    }

    private static func parseFunction(_ bytes: ArraySlice<UInt8>, text: String) -> Result<Color, TTMLValueError> {
        let hasAlpha = text.hasPrefix("rgba(")
        guard hasAlpha || text.hasPrefix("rgb(") else {
            return .failure(TTMLValueError("'\(text)': expected 'rgb(' or 'rgba(' with no space before '('"))
        }
        guard bytes.last == UInt8(ascii: ")") else { return .failure(TTMLValueError("'\(text)' lacks its closing ')'")) }
        let open = bytes.startIndex + (hasAlpha ? 5 : 4)
        let inner = bytes[open..<(bytes.endIndex - 1)]
        let components = inner.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
        let expected = hasAlpha ? 4 : 3
        guard components.count == expected else {
            return .failure(TTMLValueError("'\(text)' has \(components.count) components, \(hasAlpha ? "rgba" : "rgb") takes \(expected)"))
        }
        var values: [UInt8] = []
        for component in components {
            let digits = TTMLValueText.trimmed(component)
            guard !digits.isEmpty, digits.allSatisfy(isDigit) else {
                return .failure(TTMLValueError("'\(TTMLValueText.string(component))' in '\(text)' is not an unsigned integer"))
            }
            guard let value = TTMLNumber.integer(digits, allowSign: false), value <= 255 else {
                return .failure(TTMLValueError("component '\(TTMLValueText.string(digits))' in '\(text)' is out of 0...255"))
            }
            values.append(UInt8(value))
        }
        return .success(Color(red: values[0], green: values[1], blue: values[2], alpha: hasAlpha ? values[3] : 255))
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// TTML2 §10.3.5 `<named-color>`.
let ttmlNamedColors: [String: Color] = [
    "transparent": Color(red: 0, green: 0, blue: 0, alpha: 0),
    "black": Color(red: 0, green: 0, blue: 0),
    "silver": Color(red: 0xC0, green: 0xC0, blue: 0xC0),
    "gray": Color(red: 0x80, green: 0x80, blue: 0x80),
    "white": Color(red: 0xFF, green: 0xFF, blue: 0xFF),
    "maroon": Color(red: 0x80, green: 0, blue: 0),
    "red": Color(red: 0xFF, green: 0, blue: 0),
    "purple": Color(red: 0x80, green: 0, blue: 0x80),
    "fuchsia": Color(red: 0xFF, green: 0, blue: 0xFF),
    "magenta": Color(red: 0xFF, green: 0, blue: 0xFF),
    "green": Color(red: 0, green: 0x80, blue: 0),
    "lime": Color(red: 0, green: 0xFF, blue: 0),
    "olive": Color(red: 0x80, green: 0x80, blue: 0),
    "yellow": Color(red: 0xFF, green: 0xFF, blue: 0),
    "navy": Color(red: 0, green: 0, blue: 0x80),
    "blue": Color(red: 0, green: 0, blue: 0xFF),
    "teal": Color(red: 0, green: 0x80, blue: 0x80),
    "aqua": Color(red: 0, green: 0xFF, blue: 0xFF),
    "cyan": Color(red: 0, green: 0xFF, blue: 0xFF),
]
