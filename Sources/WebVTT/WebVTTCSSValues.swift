import TimedText

/// Why a declaration's value was not kept.
enum WebVTTCSSValueError: Error {
    /// Not valid CSS for the property: the declaration is dropped, as CSS drops it.
    case invalid(String)
    /// Valid CSS that the model cannot hold (`rem`, `var()`, `inherit`, a system font).
    case unsupportedValue(String)
    /// A property that does not apply to `::cue`, or one the model does not keep.
    case unsupportedProperty(String)
}

/// One component value of a declaration (CSS Syntax Level 3 §5.4.7), whitespace dropped. A function
/// keeps its argument tokens flat; nothing here recurses, however deep the input nests.
enum WebVTTCSSComponent {
    case token(WebVTTCSSToken)
    case function(WebVTTCSSToken, arguments: ArraySlice<WebVTTCSSToken>)
    /// A `(`, `[` or `{` block: never valid in the properties that apply to cues.
    case block(WebVTTCSSToken)

    var token: WebVTTCSSToken {
        switch self {
        case .token(let t), .function(let t, _), .block(let t): t
        }
    }

    /// The ident's name in lower case, or nil when this is not an ident.
    var keyword: String? {
        if case .token(let t) = self, t.kind == .ident { return t.text.lowercasedASCII }
        return nil
    }

    func isDelim(_ c: Character) -> Bool {
        if case .token(let t) = self { return t.isDelim(c) }
        return false
    }

    var isComma: Bool {
        if case .token(let t) = self { return t.kind == .comma }
        return false
    }

    /// Splits tokens into component values (skipping whitespace), matching brackets iteratively.
    static func components(of tokens: ArraySlice<WebVTTCSSToken>) -> [WebVTTCSSComponent] {
        var result: [WebVTTCSSComponent] = []
        var i = tokens.startIndex
        while i < tokens.endIndex {
            let token = tokens[i]
            switch token.kind {
            case .whitespace:
                i += 1
            case .function, .openParen, .openSquare, .openCurly:
                let end = matchingClose(in: tokens, openingAt: i)
                let inside = tokens[(i + 1)..<min(end, tokens.endIndex)]
                result.append(token.kind == .function ? .function(token, arguments: inside) : .block(token))
                i = end + 1
            default:
                result.append(.token(token))
                i += 1
            }
        }
        return result
    }

    /// The index of the token that closes the block or function opened at `open`, or `endIndex`.
    static func matchingClose(in tokens: ArraySlice<WebVTTCSSToken>, openingAt open: Int) -> Int {
        var expected: [WebVTTCSSToken.Kind] = []
        var i = open
        while i < tokens.endIndex {
            switch tokens[i].kind {
            case .function, .openParen: expected.append(.closeParen)
            case .openSquare: expected.append(.closeSquare)
            case .openCurly: expected.append(.closeCurly)
            case let kind where kind == expected.last:
                expected.removeLast()
                if expected.isEmpty { return i }
            default: break
            }
            i += 1
        }
        return tokens.endIndex
    }
}

/// CSS values as the model holds them: lengths (CSS Values Level 4 §6), colours (CSS Color Level 4
/// §4-§7), numbers. Each throws `WebVTTCSSValueError` for what it cannot take.
enum WebVTTCSSValues {
    /// A colour, or nil for `currentcolor`.
    static func color(_ component: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> Color? {
        switch component {
        case .token(let t) where t.kind == .hash(isID: true) || t.kind == .hash(isID: false):
            guard let c = Color(css: "#" + t.text) else { throw .invalid("'#\(t.text)' is not a colour") }
            return c
        case .token(let t) where t.kind == .ident:
            let name = t.text.lowercasedASCII
            if name == "currentcolor" { return nil }
            guard let c = Color(css: name) else { throw .invalid("'\(t.text)' is not a colour name") }
            return c
        case .function(let f, let arguments):
            let name = f.text.lowercasedASCII
            switch name {
            case "rgb", "rgba": return try rgb(arguments)
            case "hsl", "hsla": return try hsl(arguments)
            case "var", "calc", "env", "attr": throw .unsupportedValue("\(name)() is not evaluated")
            case "hwb", "lab", "lch", "oklab", "oklch", "color", "color-mix", "light-dark":
                throw .unsupportedValue("\(name)() colours are not supported; use rgb(), hsl(), a hex colour or a name")
            default: throw .invalid("\(f.text)() is not a colour")
            }
        default:
            throw .invalid("'\(describe(component))' is not a colour")
        }
    }

    /// The channels of `rgb()`/`hsl()`: comma-separated (legacy) or space-separated with `/ alpha`.
    private static func channels(_ arguments: ArraySlice<WebVTTCSSToken>, function: String) throws(WebVTTCSSValueError)
        -> (values: [WebVTTCSSToken], alpha: WebVTTCSSToken?)
    {
        let parts = WebVTTCSSComponent.components(of: arguments)
        var values: [WebVTTCSSToken] = []
        var alpha: WebVTTCSSToken?
        let usesCommas = parts.contains { $0.isComma }
        var expectValue = true
        var afterSlash = false
        for part in parts {
            guard case .token(let t) = part else {
                if case .function(let f, _) = part, ["calc", "var", "env"].contains(f.text.lowercasedASCII) {
                    throw .unsupportedValue("\(f.text)() is not evaluated")
                }
                throw .invalid("bad \(function)() argument")
            }
            if usesCommas {
                if t.kind == .comma {
                    guard !expectValue else { throw .invalid("empty \(function)() argument") }
                    expectValue = true
                    continue
                }
                guard expectValue else { throw .invalid("\(function)() arguments must be separated by commas") }
                expectValue = false
                if values.count < 3 { values.append(t) } else if alpha == nil { alpha = t } else { throw .invalid("too many \(function)() arguments") }
            } else if t.isDelim("/") {
                guard !afterSlash, values.count == 3 else { throw .invalid("misplaced '/' in \(function)()") }
                afterSlash = true
            } else if afterSlash {
                guard alpha == nil else { throw .invalid("too many \(function)() arguments") }
                alpha = t
            } else {
                guard values.count < 3 else { throw .invalid("too many \(function)() arguments") }
                values.append(t)
            }
        }
        guard values.count == 3, !(usesCommas && expectValue), !(afterSlash && alpha == nil) else {
            throw .invalid("\(function)() needs three channels")
        }
        return (values, alpha)
    }

    private static func rgb(_ arguments: ArraySlice<WebVTTCSSToken>) throws(WebVTTCSSValueError) -> Color {
        let (values, alphaToken) = try channels(arguments, function: "rgb")
        var bytes: [UInt8] = []
        for t in values {
            let value: Double
            switch t.kind {
            case .number: value = try number(t).doubleValue
            case .percentage: value = try number(t).doubleValue * 255 / 100
            case .ident where t.isIdent("none"): value = 0
            default: throw .invalid("an rgb() channel is a number or a percentage")
            }
            bytes.append(UInt8(max(0, min(255, value.rounded()))))
        }
        return Color(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: try alpha(alphaToken))
    }

    private static func hsl(_ arguments: ArraySlice<WebVTTCSSToken>) throws(WebVTTCSSValueError) -> Color {
        let (values, alphaToken) = try channels(arguments, function: "hsl")
        let hueDegrees: Double
        switch values[0].kind {
        case .number: hueDegrees = try number(values[0]).doubleValue
        case .dimension:
            let v = try number(values[0]).doubleValue
            switch values[0].text.lowercasedASCII {
            case "deg": hueDegrees = v
            case "rad": hueDegrees = v * 180 / Double.pi
            case "grad": hueDegrees = v * 0.9
            case "turn": hueDegrees = v * 360
            default: throw .invalid("'\(values[0].text)' is not an angle unit")
            }
        case .ident where values[0].isIdent("none"): hueDegrees = 0
        default: throw .invalid("an hsl() hue is a number or an angle")
        }
        func proportion(_ t: WebVTTCSSToken) throws(WebVTTCSSValueError) -> Double {
            switch t.kind {
            case .percentage, .number: return max(0, min(1, try number(t).doubleValue / 100))
            case .ident where t.isIdent("none"): return 0
            default: throw .invalid("hsl() saturation and lightness are percentages")
            }
        }
        let s = try proportion(values[1])
        let l = try proportion(values[2])
        // CSS Color Level 4 §7.1, HSL to sRGB.
        var h = hueDegrees.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func channel(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            let v = l - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8(max(0, min(255, (v * 255).rounded())))
        }
        return Color(red: channel(0), green: channel(8), blue: channel(4), alpha: try alpha(alphaToken))
    }

    private static func alpha(_ token: WebVTTCSSToken?) throws(WebVTTCSSValueError) -> UInt8 {
        guard let token else { return 255 }
        let value: Fraction
        switch token.kind {
        case .number: value = try number(token)
        case .percentage: value = Fraction(percent: try number(token))
        case .ident where token.isIdent("none"): value = .zero
        default: throw .invalid("an alpha value is a number or a percentage")
        }
        let clamped = max(.zero, min(.one, value))
        return UInt8(clamping: (Int128(clamped.numerator) * 255 * 2 + Int128(clamped.denominator)) / (2 * Int128(clamped.denominator)))
    }

    static func number(_ token: WebVTTCSSToken) throws(WebVTTCSSValueError) -> Fraction {
        guard let value = token.number else { throw .unsupportedValue("the number is too large or too precise to keep exactly") }
        return value
    }

    /// A length: `px` and the other absolute units (as pixels at 96 per inch), `em`, `vw`, `vh`;
    /// a percentage as `.fraction` when allowed; a bare 0.
    static func length(_ component: WebVTTCSSComponent, allowsPercentage: Bool, allowsNegative: Bool) throws(WebVTTCSSValueError)
        -> StyleProperties.Length
    {
        guard case .token(let t) = component else {
            if case .function(let f, _) = component, ["calc", "var", "env", "min", "max", "clamp"].contains(f.text.lowercasedASCII) {
                throw .unsupportedValue("\(f.text)() is not evaluated")
            }
            throw .invalid("'\(describe(component))' is not a length")
        }
        let result: StyleProperties.Length
        let value: Fraction
        switch t.kind {
        case .number:
            value = try number(t)
            guard value == .zero else { throw .invalid("a length other than 0 needs a unit") }
            result = .pixels(.zero)
        case .percentage:
            guard allowsPercentage else { throw .invalid("a percentage is not allowed here") }
            value = try number(t)
            result = .fraction(Fraction(percent: value))
        case .dimension:
            value = try number(t)
            func scaled(_ n: Int64, _ d: Int64) throws(WebVTTCSSValueError) -> Fraction {
                let (num, o1) = value.numerator.multipliedReportingOverflow(by: n)
                let (den, o2) = value.denominator.multipliedReportingOverflow(by: d)
                guard !o1, !o2 else { throw .unsupportedValue("the length is too large to keep exactly") }
                return Fraction(num, den)
            }
            switch t.text.lowercasedASCII {
            case "px": result = .pixels(value)
            case "em": result = .em(value)
            case "vw": result = .viewportWidth(Fraction(percent: value))
            case "vh": result = .viewportHeight(Fraction(percent: value))
            case "pt": result = .pixels(try scaled(4, 3))
            case "pc": result = .pixels(try scaled(16, 1))
            case "in": result = .pixels(try scaled(96, 1))
            case "cm": result = .pixels(try scaled(4800, 127))
            case "mm": result = .pixels(try scaled(480, 127))
            case "q": result = .pixels(try scaled(120, 127))
            case "rem", "ex", "ch", "ic", "cap", "lh", "rlh", "vmin", "vmax", "vi", "vb",
                 "svh", "svw", "lvh", "lvw", "dvh", "dvw", "cqw", "cqh", "cqi", "cqb", "cqmin", "cqmax":
                throw .unsupportedValue("the unit '\(t.text)' is not supported (px, em, vw, vh, %, pt and the absolute units are)")
            default:
                throw .invalid("'\(t.text)' is not a length unit")
            }
        default:
            throw .invalid("'\(describe(component))' is not a length")
        }
        if !allowsNegative && value < .zero { throw .invalid("a negative length is not allowed here") }
        return result
    }

    /// Source-like text of a component, for messages.
    static func describe(_ component: WebVTTCSSComponent) -> String {
        let t = component.token
        switch component {
        case .function(let f, _): return f.text + "(…)"
        case .block: return "a bracketed block"
        case .token: break
        }
        switch t.kind {
        case .ident, .delim: return t.text
        case .string: return "\"\(t.text)\""
        case .hash: return "#" + t.text
        case .atKeyword: return "@" + t.text
        case .number: return t.number?.decimalText() ?? "number"
        case .percentage: return (t.number?.decimalText() ?? "number") + "%"
        case .dimension: return (t.number?.decimalText() ?? "number") + t.text
        case .url: return "url(\(t.text))"
        case .comma: return ","
        case .colon: return ":"
        case .semicolon: return ";"
        default: return "token"
        }
    }
}
