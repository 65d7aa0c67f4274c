import TimedText

/// Reads one declaration's value into longhands, for the properties that apply to `::cue`
/// (W3C WebVTT, "The ::cue pseudo-element": `color`, `opacity`, `visibility`, `text-decoration`,
/// `text-shadow`, `background`, `outline`, `font` with `line-height`, `white-space`,
/// `text-combine-upright`, `ruby-position`, and the longhands of those shorthands).
enum WebVTTCSSPropertyParser {
    typealias Value = WebVTTStyleDeclaration.Value
    typealias Length = StyleProperties.Length

    struct Parsed {
        var values: [Value] = []
        /// What was kept only approximately or ignored inside a valid value (reported as notes).
        var approximations: [String] = []
    }

    /// `name` is lower case; `tokens` is the value without `!important`.
    static func parse(name: String, value tokens: ArraySlice<WebVTTCSSToken>) throws(WebVTTCSSValueError) -> Parsed {
        let parts = WebVTTCSSComponent.components(of: tokens)
        guard !parts.isEmpty else { throw .invalid("'\(name)' has no value") }
        if parts.count == 1, let keyword = parts[0].keyword,
           ["inherit", "initial", "unset", "revert", "revert-layer"].contains(keyword) {
            throw .unsupportedValue("'\(keyword)' is not supported: the model keeps declared values only")
        }
        for part in parts {
            if case .function(let f, _) = part, ["var", "env", "attr"].contains(f.text.lowercasedASCII) {
                throw .unsupportedValue("\(f.text)() is not evaluated")
            }
        }
        var parsed = Parsed()
        switch name {
        case "color":
            guard let color = try WebVTTCSSValues.color(single(parts, name)) else {
                throw .unsupportedValue("'color: currentcolor' means the inherited colour, which the model cannot say")
            }
            parsed.values = [.color(color)]
        case "opacity":
            parsed.values = [.opacity(try opacity(single(parts, name)))]
        case "visibility":
            switch try keyword(single(parts, name)) {
            case "visible": parsed.values = [.visibility(.visible)]
            case "hidden", "collapse": parsed.values = [.visibility(.hidden)]
            case let other: throw .invalid("'\(other)' is not a visibility")
            }
        case "text-decoration":
            try textDecoration(parts, into: &parsed)
        case "text-decoration-line":
            parsed.values = [.textDecorationLine(try decorationLines(parts, into: &parsed))]
        case "text-decoration-color":
            parsed.values = [.textDecorationColor(try WebVTTCSSValues.color(single(parts, name)))]
        case "text-decoration-style":
            guard let style = StyleProperties.TextDecorationStyle(rawValue: try keyword(single(parts, name))) else {
                throw .invalid("'\(WebVTTCSSValues.describe(parts[0]))' is not a text-decoration-style")
            }
            parsed.values = [.textDecorationStyle(style)]
        case "text-shadow":
            parsed.values = [.textShadow(try textShadows(parts))]
        case "background":
            try background(parts, into: &parsed)
        case "background-color":
            guard let color = try WebVTTCSSValues.color(single(parts, name)) else {
                throw .unsupportedValue("'background-color: currentcolor' is not supported")
            }
            parsed.values = [.backgroundColor(color)]
        case "background-image":
            if parts.count == 1, parts[0].keyword == "none" { return parsed }
            throw .unsupportedProperty("background images are not kept; only the background colour is")
        case "background-attachment", "background-clip", "background-origin", "background-position",
             "background-position-x", "background-position-y", "background-repeat", "background-size",
             "background-blend-mode":
            throw .unsupportedProperty("'\(name)' positions a background image, which is not kept")
        case "outline":
            try outline(parts, into: &parsed)
        case "outline-color":
            parsed.values = [.outlineColor(try outlineColor(single(parts, name), into: &parsed))]
        case "outline-style":
            parsed.values = [.outlineStyle(try outlineStyle(single(parts, name)))]
        case "outline-width":
            parsed.values = [.outlineWidth(try outlineWidth(single(parts, name)))]
        case "font":
            try font(parts, into: &parsed)
        case "font-family":
            parsed.values = [.fontFamily(try fontFamilies(parts[...]))]
        case "font-size":
            parsed.values = [.fontSize(try fontSize(single(parts, name), into: &parsed))]
        case "font-style":
            parsed.values = [.fontStyle(try fontStyle(parts, into: &parsed))]
        case "font-weight":
            parsed.values = [.fontWeight(try fontWeight(single(parts, name), into: &parsed))]
        case "font-variant", "font-stretch", "font-variant-caps", "font-width":
            if parts.count == 1, parts[0].keyword == "normal" { return parsed }
            throw .unsupportedProperty("'\(name)' is not kept by the model")
        case "line-height":
            parsed.values = [.lineHeight(try lineHeight(single(parts, name)))]
        case "white-space":
            try whiteSpace(parts, into: &parsed)
        case "white-space-collapse":
            parsed.values = [.whiteSpaceCollapse(try whiteSpaceCollapse(single(parts, name)))]
        case "text-wrap-mode":
            switch try keyword(single(parts, name)) {
            case "wrap": parsed.values = [.textWrap(.wrap)]
            case "nowrap": parsed.values = [.textWrap(.noWrap)]
            case let other: throw .invalid("'\(other)' is not a text-wrap-mode")
            }
        case "text-combine-upright":
            parsed.values = [.textCombineUpright(try textCombine(parts))]
        case "ruby-position":
            parsed.values = [.rubyPosition(try rubyPosition(parts))]
        case "text-decoration-thickness", "text-underline-offset", "text-underline-position",
             "font-kerning", "font-feature-settings", "font-variation-settings", "font-synthesis",
             "font-size-adjust", "font-language-override", "font-optical-sizing", "font-variant-ligatures",
             "font-variant-numeric", "font-variant-east-asian", "font-variant-position", "font-variant-alternates",
             "white-space-trim":
            throw .unsupportedProperty("'\(name)' is not kept by the model")
        default:
            throw .unsupportedProperty("'\(name)' does not apply to cues (W3C WebVTT lists the properties that do)")
        }
        return parsed
    }

    // MARK: - Helpers

    private static func single(_ parts: [WebVTTCSSComponent], _ name: String) throws(WebVTTCSSValueError) -> WebVTTCSSComponent {
        guard parts.count == 1 else { throw .invalid("'\(name)' takes one value") }
        return parts[0]
    }

    private static func keyword(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> String {
        guard let keyword = part.keyword else { throw .invalid("'\(WebVTTCSSValues.describe(part))' is not a keyword here") }
        return keyword
    }

    /// True for a colour, `currentcolor`, or a colour function this parser does not evaluate (so that
    /// reading it reports that).
    private static func isColor(_ part: WebVTTCSSComponent) -> Bool {
        do {
            _ = try WebVTTCSSValues.color(part)
            return true
        } catch .unsupportedValue {
            return true
        } catch {
            return false
        }
    }

    // MARK: - Properties

    /// CSS Color Level 4 §11.2: a number or percentage, clamped to 0...1.
    private static func opacity(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> Fraction {
        guard case .token(let t) = part else { throw .invalid("opacity is a number or a percentage") }
        let value: Fraction
        switch t.kind {
        case .number: value = try WebVTTCSSValues.number(t)
        case .percentage: value = Fraction(percent: try WebVTTCSSValues.number(t))
        default: throw .invalid("opacity is a number or a percentage")
        }
        return max(.zero, min(.one, value))
    }

    /// CSS Text Decoration Level 3 §2.1: `none | [underline || overline || line-through || blink]`.
    private static func decorationLines(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError)
        -> StyleProperties.TextDecoration
    {
        if parts.count == 1, parts[0].keyword == "none" { return [] }
        var lines: StyleProperties.TextDecoration = []
        var seen: Set<String> = []
        for part in parts {
            let word = try keyword(part)
            guard seen.insert(word).inserted else { throw .invalid("'\(word)' is repeated") }
            switch word {
            case "underline": lines.insert(.underline)
            case "overline": lines.insert(.overline)
            case "line-through": lines.insert(.lineThrough)
            case "blink": parsed.approximations.append("'blink' is ignored (user agents need not blink)")
            default: throw .invalid("'\(word)' is not a text decoration line")
            }
        }
        return lines
    }

    /// CSS Text Decoration Level 3 §2.4, the shorthand: line, style and colour in any order
    /// (a thickness is accepted and ignored); each omitted part at its initial value.
    private static func textDecoration(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError) {
        var lineParts: [WebVTTCSSComponent] = []
        var style: StyleProperties.TextDecorationStyle?
        var color: Color??
        for part in parts {
            if let word = part.keyword, let s = StyleProperties.TextDecorationStyle(rawValue: word) {
                guard style == nil else { throw .invalid("two text decoration styles") }
                style = s
            } else if let word = part.keyword, ["none", "underline", "overline", "line-through", "blink"].contains(word) {
                lineParts.append(part)
            } else if let word = part.keyword, word == "auto" || word == "from-font" {
                parsed.approximations.append("the decoration thickness is not kept")
            } else if isColor(part) {
                guard color == nil else { throw .invalid("two text decoration colours") }
                color = .some(try WebVTTCSSValues.color(part))
            } else if (try? WebVTTCSSValues.length(part, allowsPercentage: true, allowsNegative: false)) != nil {
                parsed.approximations.append("the decoration thickness is not kept")
            } else {
                throw .invalid("'\(WebVTTCSSValues.describe(part))' is not part of a text decoration")
            }
        }
        let lines: StyleProperties.TextDecoration = lineParts.isEmpty ? [] : try decorationLines(lineParts, into: &parsed)
        parsed.values = [.textDecorationLine(lines), .textDecorationStyle(style ?? .solid), .textDecorationColor(color ?? nil)]
    }

    /// CSS Text Decoration Level 3 §4: `none | [<color>? && <length>{2,3}]#`.
    private static func textShadows(_ parts: [WebVTTCSSComponent]) throws(WebVTTCSSValueError) -> [StyleProperties.TextShadow] {
        if parts.count == 1, parts[0].keyword == "none" { return [] }
        var shadows: [StyleProperties.TextShadow] = []
        var lengths: [Length] = []
        var color: Color??
        var colorFollowsLengths = false
        func finish() throws(WebVTTCSSValueError) {
            guard lengths.count >= 2 else { throw .invalid("a text shadow needs two or three lengths") }
            shadows.append(StyleProperties.TextShadow(offsetX: lengths[0], offsetY: lengths[1],
                                                      blurRadius: lengths.count == 3 ? lengths[2] : nil, color: color ?? nil))
            lengths = []
            color = nil
            colorFollowsLengths = false
        }
        for part in parts {
            if part.isComma {
                try finish()
            } else if isColor(part) {
                // The colour comes before the lengths or after them, never between.
                guard color == nil, lengths.isEmpty || lengths.count >= 2 else { throw .invalid("misplaced text-shadow colour") }
                colorFollowsLengths = !lengths.isEmpty
                color = .some(try WebVTTCSSValues.color(part))
            } else {
                guard lengths.count < 3, !colorFollowsLengths else { throw .invalid("misplaced text-shadow length") }
                // The third length is the blur radius, which cannot be negative.
                lengths.append(try WebVTTCSSValues.length(part, allowsPercentage: false, allowsNegative: lengths.count < 2))
            }
        }
        try finish()
        return shadows
    }

    /// CSS Backgrounds Level 3 §3.10: only the final layer's colour is kept; images and their
    /// positioning are reported. The colour is transparent when the shorthand gives none.
    private static func background(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError) {
        var color: Color?
        var ignored = false
        for (index, part) in parts.enumerated() {
            if part.isComma || part.keyword == "none" { continue }
            if isColor(part) {
                guard color == nil, !parts[(index + 1)...].contains(where: \.isComma) else {
                    throw .invalid("only the last background layer may have a colour, and only one")
                }
                guard let c = try WebVTTCSSValues.color(part) else { throw .unsupportedValue("a currentcolor background is not supported") }
                color = c
                continue
            }
            ignored = true
        }
        if ignored {
            parsed.approximations.append("background images and their positioning are ignored; only the colour is kept")
        }
        parsed.values = [.backgroundColor(color ?? .transparent)]
    }

    /// CSS UI Level 4 §5.1, the `outline` shorthand: colour, style and width in any order.
    private static func outline(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError) {
        var color: Color??
        var style: StyleProperties.Outline.Style?
        var width: Length?
        for part in parts {
            if let s = try? outlineStyle(part) {
                guard style == nil else { throw .invalid("two outline styles") }
                style = s
            } else if let w = try? outlineWidth(part) {
                guard width == nil else { throw .invalid("two outline widths") }
                width = w
            } else {
                guard color == nil else { throw .invalid("'\(WebVTTCSSValues.describe(part))' is not part of an outline") }
                color = .some(try outlineColor(part, into: &parsed))
            }
        }
        let initial = WebVTTStyleDeclaration.initialOutline
        parsed.values = [.outlineColor(color ?? nil), .outlineStyle(style ?? initial.style), .outlineWidth(width ?? initial.width)]
    }

    private static func outlineColor(_ part: WebVTTCSSComponent, into parsed: inout Parsed) throws(WebVTTCSSValueError) -> Color? {
        switch part.keyword {
        case "auto": return nil
        case "invert":
            parsed.approximations.append("'invert' outlines are drawn in the text's colour")
            return nil
        default: return try WebVTTCSSValues.color(part)
        }
    }

    private static func outlineStyle(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> StyleProperties.Outline.Style {
        guard let word = part.keyword, let style = StyleProperties.Outline.Style(rawValue: word) else {
            throw .invalid("'\(WebVTTCSSValues.describe(part))' is not an outline style")
        }
        return style
    }

    /// `thin | medium | thick | <length>` (CSS Backgrounds Level 3 §4.3: 1px, 3px, 5px).
    private static func outlineWidth(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> Length {
        switch part.keyword {
        case "thin": return .pixels(Fraction(1))
        case "medium": return .pixels(Fraction(3))
        case "thick": return .pixels(Fraction(5))
        default: return try WebVTTCSSValues.length(part, allowsPercentage: false, allowsNegative: false)
        }
    }

    /// CSS Fonts Level 4 §2.1: a comma-separated list of strings or space-separated identifiers.
    private static func fontFamilies(_ parts: ArraySlice<WebVTTCSSComponent>) throws(WebVTTCSSValueError) -> [String] {
        var families: [String] = []
        var words: [String] = []
        var quoted: String?
        func finish() throws(WebVTTCSSValueError) {
            if let quoted {
                guard words.isEmpty else { throw .invalid("a quoted family name must stand alone") }
                families.append(quoted)
            } else {
                guard !words.isEmpty else { throw .invalid("empty font family name") }
                families.append(words.joined(separator: " "))
            }
            words = []
            quoted = nil
        }
        for part in parts {
            if part.isComma {
                try finish()
            } else if case .token(let t) = part, t.kind == .string {
                guard quoted == nil, words.isEmpty else { throw .invalid("a quoted family name must stand alone") }
                quoted = t.text
            } else if case .token(let t) = part, t.kind == .ident {
                guard quoted == nil else { throw .invalid("a quoted family name must stand alone") }
                words.append(t.text)
            } else {
                throw .invalid("'\(WebVTTCSSValues.describe(part))' is not a font family name")
            }
        }
        try finish()
        return families
    }

    /// CSS Fonts Level 4 §2.5. Absolute keywords as pixels with `medium` at 16px (what browsers use
    /// for `::cue`), `larger`/`smaller` as 1.2em and 1/1.2em.
    private static func fontSize(_ part: WebVTTCSSComponent, into parsed: inout Parsed) throws(WebVTTCSSValueError) -> Length {
        if let word = part.keyword {
            if let size = fontSizeKeywords[word] { return .pixels(size) }
            switch word {
            case "larger": return .em(Fraction(6, 5))
            case "smaller": return .em(Fraction(5, 6))
            case "math": throw .unsupportedValue("'font-size: math' is not supported")
            default: throw .invalid("'\(word)' is not a font size")
            }
        }
        return try WebVTTCSSValues.length(part, allowsPercentage: true, allowsNegative: false)
    }

    /// CSS Fonts Level 4 §2.5, the absolute-size scaling factors of a 16px `medium`.
    static let fontSizeKeywords: [String: Fraction] = [
        "xx-small": Fraction(48, 5), "x-small": Fraction(12), "small": Fraction(128, 9), "medium": Fraction(16),
        "large": Fraction(96, 5), "x-large": Fraction(24), "xx-large": Fraction(32), "xxx-large": Fraction(48),
    ]

    /// `normal | italic | oblique <angle>?`; the angle is not kept.
    private static func fontStyle(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError)
        -> StyleProperties.FontStyle
    {
        guard let first = parts.first, let word = first.keyword else { throw .invalid("not a font style") }
        switch (word, parts.count) {
        case ("normal", 1): return .normal
        case ("italic", 1): return .italic
        case ("oblique", 1): return .oblique
        case ("oblique", 2):
            guard case .token(let t) = parts[1], t.kind == .dimension else { throw .invalid("'oblique' takes an angle") }
            parsed.approximations.append("the oblique angle is not kept")
            return .oblique
        default: throw .invalid("'\(word)' is not a font style")
        }
    }

    /// `normal | bold | bolder | lighter | <number 1...1000>`, kept as normal or bold.
    private static func fontWeight(_ part: WebVTTCSSComponent, into parsed: inout Parsed) throws(WebVTTCSSValueError)
        -> StyleProperties.FontWeight
    {
        switch part.keyword {
        case "normal": return .normal
        case "bold": return .bold
        case "bolder":
            parsed.approximations.append("'bolder' is kept as bold")
            return .bold
        case "lighter":
            parsed.approximations.append("'lighter' is kept as normal")
            return .normal
        case .some(let other): throw .invalid("'\(other)' is not a font weight")
        case nil: break
        }
        guard case .token(let t) = part, t.kind == .number else { throw .invalid("a font weight is a keyword or a number") }
        let weight = try WebVTTCSSValues.number(t)
        guard weight >= .one, weight <= Fraction(1000) else { throw .invalid("a font weight is between 1 and 1000") }
        if weight != Fraction(400) && weight != Fraction(700) {
            parsed.approximations.append("weight \(weight.decimalText()) is kept as \(weight >= Fraction(600) ? "bold" : "normal")")
        }
        return weight >= Fraction(600) ? .bold : .normal
    }

    /// `normal | <number> | <length-percentage>`, none negative.
    private static func lineHeight(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> StyleProperties.LineHeight {
        if part.keyword == "normal" { return .normal }
        if case .token(let t) = part, t.kind == .number {
            let value = try WebVTTCSSValues.number(t)
            guard value >= .zero else { throw .invalid("a negative line height") }
            return .multiple(value)
        }
        return .length(try WebVTTCSSValues.length(part, allowsPercentage: true, allowsNegative: false))
    }

    /// CSS Fonts Level 4 §2.8, the `font` shorthand:
    /// `[<style> || <variant-css2> || <weight> || <stretch-css3>]? <size> [/ <line-height>]? <family>#`.
    private static func font(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError) {
        if parts.count == 1, let word = parts[0].keyword,
           ["caption", "icon", "menu", "message-box", "small-caption", "status-bar"].contains(word) {
            throw .unsupportedValue("the system font '\(word)' is not supported")
        }
        var style: StyleProperties.FontStyle?
        var weight: StyleProperties.FontWeight?
        var sawVariant = false
        var sawStretch = false
        var prefixCount = 0
        var index = 0
        // Up to four optional keywords (or numbers, for the weight) before the size; `normal` fills any.
        while index < parts.count, prefixCount < 4 {
            let part = parts[index]
            if let word = part.keyword {
                if word == "normal" {
                } else if style == nil, ["italic", "oblique"].contains(word) {
                    style = word == "italic" ? .italic : .oblique
                } else if weight == nil, ["bold", "bolder", "lighter"].contains(word) {
                    weight = try fontWeight(part, into: &parsed)
                } else if !sawVariant, word == "small-caps" {
                    sawVariant = true
                    parsed.approximations.append("'small-caps' is not kept")
                } else if !sawStretch, ["ultra-condensed", "extra-condensed", "condensed", "semi-condensed",
                                        "semi-expanded", "expanded", "extra-expanded", "ultra-expanded"].contains(word) {
                    sawStretch = true
                    parsed.approximations.append("the font stretch '\(word)' is not kept")
                } else {
                    break
                }
            } else if case .token(let t) = part, t.kind == .number, weight == nil {
                weight = try fontWeight(part, into: &parsed)
            } else {
                break
            }
            prefixCount += 1
            index += 1
        }
        guard index < parts.count else { throw .invalid("'font' needs a size and a family") }
        let size = try fontSize(parts[index], into: &parsed)
        index += 1
        var lineHeight = StyleProperties.LineHeight.normal
        if index < parts.count, parts[index].isDelim("/") {
            guard index + 1 < parts.count else { throw .invalid("'/' in 'font' needs a line height") }
            lineHeight = try self.lineHeight(parts[index + 1])
            index += 2
        }
        guard index < parts.count else { throw .invalid("'font' needs a family") }
        let families = try fontFamilies(parts[index...])
        parsed.values = [.fontStyle(style ?? .normal), .fontWeight(weight ?? .normal), .fontSize(size),
                         .lineHeight(lineHeight), .fontFamily(families)]
    }

    /// CSS Text Level 4 §3: `white-space` as its two longhands: the CSS Text 3 keywords, or
    /// `<white-space-collapse> || <text-wrap-mode>`.
    private static func whiteSpace(_ parts: [WebVTTCSSComponent], into parsed: inout Parsed) throws(WebVTTCSSValueError) {
        if parts.count == 1, let word = parts[0].keyword {
            let pair: (StyleProperties.WhiteSpaceCollapse, StyleProperties.TextWrap)?
            switch word {
            case "normal": pair = (.collapse, .wrap)
            case "pre": pair = (.preserve, .noWrap)
            case "nowrap": pair = (.collapse, .noWrap)
            case "pre-wrap": pair = (.preserve, .wrap)
            case "pre-line": pair = (.preserveBreaks, .wrap)
            case "break-spaces": pair = (.breakSpaces, .wrap)
            default: pair = nil
            }
            if let pair {
                parsed.values = [.whiteSpaceCollapse(pair.0), .textWrap(pair.1)]
                return
            }
        }
        var collapse: StyleProperties.WhiteSpaceCollapse?
        var wrap: StyleProperties.TextWrap?
        for part in parts {
            let word = try keyword(part)
            if word == "wrap" || word == "nowrap" {
                guard wrap == nil else { throw .invalid("two wrap modes") }
                wrap = word == "wrap" ? .wrap : .noWrap
            } else {
                guard collapse == nil else { throw .invalid("two white-space collapse values") }
                collapse = try whiteSpaceCollapse(part)
            }
        }
        parsed.values = [.whiteSpaceCollapse(collapse ?? .collapse), .textWrap(wrap ?? .wrap)]
    }

    private static func whiteSpaceCollapse(_ part: WebVTTCSSComponent) throws(WebVTTCSSValueError) -> StyleProperties.WhiteSpaceCollapse {
        switch try keyword(part) {
        case "collapse": return .collapse
        case "preserve": return .preserve
        case "preserve-breaks": return .preserveBreaks
        case "break-spaces": return .breakSpaces
        case "discard", "preserve-spaces": throw .unsupportedValue("'\(try keyword(part))' white space is not supported")
        case let other: throw .invalid("'\(other)' is not a white-space value")
        }
    }

    /// CSS Writing Modes Level 4 §9.1: `none | all | digits <integer [2,4]>?`.
    private static func textCombine(_ parts: [WebVTTCSSComponent]) throws(WebVTTCSSValueError) -> StyleProperties.TextCombine {
        switch (try keyword(parts[0]), parts.count) {
        case ("none", 1): return .none
        case ("all", 1): return .all
        case ("digits", 1): return .digits(2)
        case ("digits", 2):
            guard case .token(let t) = parts[1], t.kind == .number, t.isInteger, let n = t.number,
                  n >= Fraction(2), n <= Fraction(4) else { throw .invalid("'digits' takes 2, 3 or 4") }
            return .digits(Int(n.numerator))
        case (let word, _): throw .invalid("'\(word)' is not a text-combine-upright value")
        }
    }

    /// CSS Ruby Level 1 §4.1: `[alternate || [over | under]] | inter-character`.
    private static func rubyPosition(_ parts: [WebVTTCSSComponent]) throws(WebVTTCSSValueError) -> StyleProperties.RubyPosition {
        var words: [String] = []
        for part in parts { words.append(try keyword(part)) }
        switch words.sorted() {
        case ["over"]: return .over
        case ["under"]: return .under
        case ["inter-character"]: return .interCharacter
        case ["alternate"], ["alternate", "over"]: return .alternateOver
        case ["alternate", "under"]: return .alternateUnder
        default: throw .invalid("'\(words.joined(separator: " "))' is not a ruby position")
        }
    }
}
